import { isIP } from "node:net";
import type { Config } from "../config/schema.js";
import { refusedAddressReason } from "../net/address-policy.js";

const notificationsPath = /^\/api\/v1\/core\/contexts\/([^/]+)\/notifications\/?$/;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isIP(host) !== 0 && refusedAddressReason(host)?.includes("loopback") === true;
}

/**
 * The conversation id when a push URL is this server's own notifications endpoint, which is
 * delivered in-process instead of over the network. With PUBLIC_URL set, the URL's origin must
 * be it; without one the server cannot know the name it is reached by, so any loopback origin
 * counts (a loopback URL would otherwise be refused, so this opens nothing).
 */
export function ownNotificationsContext(raw: string, config: Config): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const match = notificationsPath.exec(url.pathname);
  if (!match?.[1] || url.search || url.username || url.password) return undefined;
  const publicUrl = config.server.publicUrl;
  const own = publicUrl ? url.origin === new URL(publicUrl).origin : isLoopbackHost(url.hostname);
  if (!own) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
