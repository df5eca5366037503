import { messageSchema } from "@a2a-chat/contracts";
import type { StreamHandlers } from "../api/stream-event.js";
import { logger } from "../lib/logger.js";
import type { TaskStatusChange } from "./tasks-reducers.js";
import { useTasksStore } from "./tasks-store.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

// The stream passes task event data unchecked; the store validates the task itself so that an
// invalid one gets the spec's warning rather than a generic parse error.
function receiveTask(type: string) {
  return (data: unknown) => {
    if (!isRecord(data) || !("task" in data)) {
      logger.warn(`Ignored ${type} event without a task`);
      return;
    }
    useTasksStore.getState().upsertTask(data.task);
  };
}

/** Reads task_status_changed data, or null when it lacks the task id, status or time. */
export function toStatusChange(data: unknown): TaskStatusChange | null {
  if (!isRecord(data)) return null;
  const { task_id, status, timestamp } = data;
  if (typeof task_id !== "string" || typeof status !== "string" || typeof timestamp !== "string")
    return null;
  const message = messageSchema.safeParse(data.message);
  return { task_id, status, timestamp, ...(message.success ? { message: message.data } : {}) };
}

/** Live stream handlers that keep the task store up to date (to merge into the stream's map). */
export const tasksStreamHandlers: Partial<StreamHandlers> = {
  task_created: receiveTask("task_created"),
  task_completed: receiveTask("task_completed"),
  task_status_changed: (data) => {
    const change = toStatusChange(data);
    if (change) useTasksStore.getState().applyStatusChange(change);
    else logger.warn("Ignored an invalid task_status_changed event");
  },
};
