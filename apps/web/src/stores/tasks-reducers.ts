import { isTaskState, type Message, type Task, validateTask } from "@a2a-chat/contracts";
import { parseTimestamp } from "../lib/timestamps.js";
import type { StoreChange } from "./store-change.js";

/** What the task store holds (core spec §3): tasks by id, all ids and ids per conversation. */
export interface TasksData {
  tasksById: Record<string, Task>;
  /** Every known task id, in the order the tasks first arrived. */
  taskIds: string[];
  taskIdsByContext: Record<string, string[]>;
}

/** An empty task store. */
export const initialTasksData: TasksData = { tasksById: {}, taskIds: [], taskIdsByContext: {} };

/** What became of an incoming task or status change. */
export type TaskChange = StoreChange<TasksData, "stale" | "unknown-task">;

/** A status-change event as the live stream sends it (core spec §4). */
export interface TaskStatusChange {
  task_id: string;
  status: string;
  timestamp: string;
  message?: Message;
}

/** Warning for a status-change event whose status is not a task state. */
export const unknownTaskStatusMessage = (status: string) => `Unknown task status: ${status}`;

/** When a task was last updated: metadata.updated_at, falling back to created_at (NaN if unreadable). */
export function taskUpdatedTime(task: Task): number {
  return parseTimestamp(task.metadata.updated_at ?? task.metadata.created_at);
}

function without(ids: string[] | undefined, id: string): string[] {
  return (ids ?? []).filter((other) => other !== id);
}

function withTask(data: TasksData, task: Task): TasksData {
  const previous = data.tasksById[task.id];
  const byContext = { ...data.taskIdsByContext };
  if (previous && previous.contextId !== task.contextId) {
    byContext[previous.contextId] = without(byContext[previous.contextId], task.id);
  }
  const inContext = byContext[task.contextId] ?? [];
  if (!inContext.includes(task.id)) byContext[task.contextId] = [...inContext, task.id];
  return {
    tasksById: { ...data.tasksById, [task.id]: task },
    taskIds: previous ? data.taskIds : [...data.taskIds, task.id],
    taskIdsByContext: byContext,
  };
}

/**
 * Stores a task from the server. An invalid one is refused with the validation message; one whose
 * updated time is older than the stored copy's is skipped; otherwise it replaces the stored copy.
 * When either time is unreadable the newcomer wins, since nothing says it is older.
 */
export function upsertTaskData(data: TasksData, value: unknown): TaskChange {
  let task: Task;
  try {
    task = validateTask(value);
  } catch (error) {
    return { kind: "invalid", message: error instanceof Error ? error.message : String(error) };
  }
  const stored = data.tasksById[task.id];
  if (stored && taskUpdatedTime(task) < taskUpdatedTime(stored)) {
    return { kind: "skipped", reason: "stale" };
  }
  return { kind: "applied", data: withTask(data, task) };
}

/**
 * Moves a known task to the event's state and time (core spec §4). An unknown status is refused
 * with a warning text; an unknown task is skipped (its task_created may come later, whole).
 */
export function applyStatusChangeData(data: TasksData, change: TaskStatusChange): TaskChange {
  if (!isTaskState(change.status)) {
    return { kind: "invalid", message: unknownTaskStatusMessage(String(change.status)) };
  }
  const stored = data.tasksById[change.task_id];
  if (!stored) return { kind: "skipped", reason: "unknown-task" };
  // The server stamps updated_at with the status time; mirroring it keeps a later, older copy
  // of the task (a slow list reply) from undoing this change.
  const changedAt = parseTimestamp(change.timestamp);
  const updatedAt =
    changedAt >= taskUpdatedTime(stored) || Number.isNaN(taskUpdatedTime(stored))
      ? change.timestamp
      : stored.metadata.updated_at;
  const task: Task = {
    ...stored,
    status: {
      state: change.status,
      timestamp: change.timestamp,
      ...(change.message ? { message: change.message } : {}),
    },
    metadata: { ...stored.metadata, ...(updatedAt ? { updated_at: updatedAt } : {}) },
  };
  return { kind: "applied", data: withTask(data, task) };
}
