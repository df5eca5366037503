import {
  artifactCreatedDataSchema,
  messageAddedDataSchema,
  taskCompletedDataSchema,
  taskCreatedDataSchema,
  taskStatusChangedDataSchema,
} from "@a2a-chat/contracts";
import type { z } from "zod";
import type { StreamHandlers } from "../../api/stream-event.js";
import { logger } from "../../lib/logger.js";
import { runningTaskIds } from "./chat-runs.js";
import { useChatStore } from "./chat-store.js";
import {
  applyServerArtifact,
  applyServerMessage,
  applyServerStatus,
  applyServerTask,
} from "./history-reducers.js";

function parse<T>(schema: z.ZodType<T>, data: unknown, type: string): T | undefined {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // An unknown status value lands here too: ignored with a warning (core spec §4).
  logger.warn(`Ignoring an invalid ${type} event`, parsed.error.issues[0]?.message);
  return undefined;
}

/**
 * Live-stream handlers for the chat: tasks, messages and artifacts produced elsewhere (another
 * tab, or a reply that finished while this tab was away) reach the conversation they belong to.
 * What this tab streams itself is not duplicated (same id, same hash, or a task it is streaming).
 * The integrator spreads these into the live stream's handler map.
 */
export const chatStreamHandlers: StreamHandlers = {
  task_created: (data) => {
    const event = parse(taskCreatedDataSchema, data, "task_created");
    if (!event) return;
    useChatStore.setState((state) => applyServerTask(state, event.task, runningTaskIds()));
  },
  task_completed: (data) => {
    const event = parse(taskCompletedDataSchema, data, "task_completed");
    if (!event) return;
    useChatStore.setState((state) => applyServerTask(state, event.task, runningTaskIds()));
  },
  task_status_changed: (data) => {
    const event = parse(taskStatusChangedDataSchema, data, "task_status_changed");
    if (!event) return;
    useChatStore.setState((state) =>
      applyServerStatus(state, {
        taskId: event.task_id,
        state: event.status,
        timestamp: event.timestamp,
        ...(event.message ? { message: event.message } : {}),
      }),
    );
  },
  message_added: (data, envelope) => {
    const event = parse(messageAddedDataSchema, data, "message_added");
    const contextId = envelope.context_id ?? event?.message.contextId;
    if (!event || !contextId) return;
    useChatStore.setState((state) =>
      applyServerMessage(
        state,
        { contextId, taskId: event.task_id, message: event.message, createdAt: event.created_at },
        runningTaskIds(),
      ),
    );
  },
  artifact_created: (data) => {
    const event = parse(artifactCreatedDataSchema, data, "artifact_created");
    if (!event) return;
    useChatStore.setState((state) =>
      applyServerArtifact(state, {
        taskId: event.task_id,
        artifact: event.artifact,
        ...(event.replaced_artifact_id ? { replacedArtifactId: event.replaced_artifact_id } : {}),
      }),
    );
  },
};
