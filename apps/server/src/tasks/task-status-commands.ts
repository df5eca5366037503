import {
  isTerminalTaskState,
  type Task,
  type TaskMetadata,
  type TaskState,
  taskMetadataSchema,
} from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { Database, TaskRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import type { Services } from "../http/services.js";
import { canUseTask } from "../policies/tasks.js";
import { type Emit, transactWithEvents } from "../stream/transact.js";
import { loadTask } from "./load-tasks.js";
import { stampStatus } from "./stamp-status.js";
import { checkMessage } from "./store-message.js";
import { checkState, type Owner } from "./task-checks.js";

/** A move of a task to a state. */
export interface TaskStatusChange {
  state: TaskState;
  /** The message that comes with the status (a question for input-required, a final answer…). */
  message?: unknown;
  /** Metadata to merge in (model, token counts…); task_type, agent_name, created_at stay. */
  metadata?: Record<string, unknown>;
}

/** The stored metadata with a patch merged in; the three required fields cannot change. */
function mergeMetadata(row: TaskRow, patch: Record<string, unknown> | undefined): TaskMetadata {
  const parsed = taskMetadataSchema.safeParse({
    ...JSON.parse(row.metadata),
    ...patch,
    task_type: row.task_type,
    agent_name: row.agent_name,
    created_at: row.created_at,
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(
    "validation_failed",
    `Invalid task: metadata.${issue?.path.join(".")} ${issue?.message ?? "is invalid"}`,
  );
}

/**
 * Moves one of the owner's tasks to a state and emits task_status_changed; a terminal state
 * (completed, failed, canceled, rejected) also stamps completed_at and execution_time_ms and emits
 * task_completed with the whole task. A task in a terminal state cannot change any more (409).
 */
export function updateTaskStatus(
  services: Services,
  owner: Owner,
  taskId: string,
  change: TaskStatusChange,
): Promise<Task> {
  return transactWithEvents(services, (trx, emit) =>
    changeTaskStatus(services, trx, emit, owner, taskId, change),
  );
}

/** updateTaskStatus inside a caller's transaction, so a bigger change and its events commit together. */
export async function changeTaskStatus(
  services: Services,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  taskId: string,
  change: TaskStatusChange,
): Promise<Task> {
  const state = checkState(change.state);
  const tasks = new TasksRepository(trx);
  const row = await tasks.lock(taskId, services.db.dialect);
  if (!canUseTask(owner, row)) throw new AppError("not_found", "Task not found");
  if (isTerminalTaskState(row.state as TaskState)) {
    throw new AppError("conflict", `Task is already ${row.state}`);
  }
  const place = { userId: owner.userId, contextId: row.context_id, taskId };
  const message = change.message === undefined ? undefined : checkMessage(change.message, place);
  const now = new Date();
  const at = now.toISOString();
  const metadata = stampStatus(mergeMetadata(row, change.metadata), state, now);
  // A task that stops running (ends, or waits for the user) has no runner and no reply in flight.
  const stopsRunning = state !== "submitted" && state !== "working";
  await tasks.update(taskId, {
    state,
    status_timestamp: at,
    status_message: message ? JSON.stringify(message) : null,
    metadata: JSON.stringify(metadata),
    updated_at: at,
    ...(stopsRunning ? { runner: null, lease_until: null, reply_id: null, reply_text: null } : {}),
  });

  const base = { userId: owner.userId, contextId: row.context_id };
  const status = { task_id: taskId, status: state, timestamp: at };
  await emit({
    ...base,
    type: "task_status_changed",
    data: message ? { ...status, message } : status,
  });
  const updated = await tasks.findById(taskId);
  const task = updated && (await loadTask(trx, updated, services.logger));
  if (!task) throw new Error(`task ${taskId} unreadable right after it was written`);
  if (isTerminalTaskState(state)) {
    await emit({ ...base, type: "task_completed", data: { ...status, task } });
  }
  return task;
}
