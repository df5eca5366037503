import { z } from "zod";
import { contextRecordSchema } from "./contexts.js";

/** Event types written to the durable per-user log (core spec §4). */
export const loggedEventTypes = [
  "context_created",
  "context_updated",
  "context_deleted",
  "context_stats",
  "task_created",
  "task_status_changed",
  "task_completed",
  "message_added",
  "artifact_created",
  "tool_execution_completed",
  "push_notification",
  "mcp_request_created",
  "mcp_request_ended",
] as const;
/** An event type written to the durable log. */
export type LoggedEventType = (typeof loggedEventTypes)[number];

/** Every event type the live stream carries: the logged ones plus per-connection ones. */
export const streamEventTypes = ["snapshot", ...loggedEventTypes, "heartbeat", "error"] as const;
/** An event type of the live stream. */
export type StreamEventType = (typeof streamEventTypes)[number];

/** Seconds between heartbeats on an idle stream. */
export const heartbeatIntervalSeconds = 15;

/** Most concurrent stream connections one user may hold. */
export const maxStreamConnectionsPerUser = 10;

/** The envelope of every stream event; the SSE `event:` is event_type and `id:` the log id. */
export const streamEnvelopeSchema = z.object({
  event_type: z.enum(streamEventTypes),
  context_id: z.string().nullable(),
  user_id: z.string(),
  data: z.unknown(),
  timestamp: z.string(),
});
/** The envelope of every stream event. */
export type StreamEnvelope = z.infer<typeof streamEnvelopeSchema>;

/**
 * data of `snapshot`: the user's most recently updated conversations with their stats; has_more
 * says older ones exist (read them from GET /api/v1/core/contexts page by page).
 */
export const snapshotDataSchema = z.object({
  contexts: z.array(contextRecordSchema),
  has_more: z.boolean().optional(),
});
/** data of `context_created` and `context_updated`: the conversation as it now is. */
export const contextEventDataSchema = contextRecordSchema;
/** data of `context_deleted`. */
export const contextDeletedDataSchema = z.object({ context_id: z.string() });
/** data of `context_stats`. */
export const contextStatsDataSchema = contextRecordSchema.pick({
  context_id: true,
  message_count: true,
  task_count: true,
  last_message_at: true,
  updated_at: true,
  leaf_task_id: true,
  leaf_cut_message_id: true,
});
/** data of `error`: a stream-level problem the client should show or act on. */
export const streamErrorDataSchema = z.object({ code: z.string(), message: z.string() });
