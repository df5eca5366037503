import { notificationsPath } from "@a2a-chat/contracts";

/** The push endpoint of a conversation on this site (core spec §7). */
export function pushNotificationUrl(contextId: string, origin = window.location.origin): string {
  return `${origin}${notificationsPath(contextId)}`;
}
