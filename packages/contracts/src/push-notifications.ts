import { z } from "zod";

/** Path of the push notification endpoint of one conversation (core §7). */
export function notificationsPath(contextId: string): string {
  return `/api/v1/core/contexts/${encodeURIComponent(contextId)}/notifications`;
}

/** Refusal of a body that is not one A2A StreamResponse. */
export const invalidNotificationMessage =
  "Notification must be an A2A StreamResponse with exactly one of task, statusUpdate, artifactUpdate or message";

/** Refusal of a notification about another conversation than the one in its URL. */
export const notificationContextMismatchMessage =
  "Notification contextId must match the conversation in the URL";

const payloadKinds = ["task", "statusUpdate", "artifactUpdate", "message"] as const;
/** Which StreamResponse payload a notification carries. */
export type NotificationKind = (typeof payloadKinds)[number];

const payload = z.looseObject(
  { contextId: z.string({ error: invalidNotificationMessage }).optional() },
  { error: invalidNotificationMessage },
);

/**
 * Body of POST /contexts/{id}/notifications: an A2A v1.0 StreamResponse in JSON form, as the
 * @a2a-js/sdk push sender posts it (application/a2a+json), with exactly one payload.
 */
export const notificationBodySchema = z
  .looseObject(
    {
      task: payload.optional(),
      statusUpdate: payload.optional(),
      artifactUpdate: payload.optional(),
      message: payload.optional(),
    },
    { error: invalidNotificationMessage },
  )
  .refine((body) => payloadKinds.filter((kind) => body[kind] !== undefined).length === 1, {
    message: invalidNotificationMessage,
  });
/** A validated push notification body. */
export type NotificationBody = z.infer<typeof notificationBodySchema>;

/** The payload kind of a validated notification body. */
export function notificationKind(body: NotificationBody): NotificationKind {
  return payloadKinds.find((kind) => body[kind] !== undefined) ?? "task";
}

/** data of `push_notification`: what an agent pushed about a task of the conversation. */
export const pushNotificationDataSchema = z.object({
  context_id: z.string(),
  task_id: z.string().nullable(),
  kind: z.enum(payloadKinds),
  notification: z.record(z.string(), z.unknown()),
  received_at: z.string(),
});
/** data of `push_notification`. */
export type PushNotificationData = z.infer<typeof pushNotificationDataSchema>;
