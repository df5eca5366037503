import {
  type Artifact,
  isTerminalTaskState,
  type Message,
  type Task,
  type TaskMetadata,
  type TaskState,
  taskMetadataSchema,
} from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { Database, TaskRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { canUseTask } from "../policies/tasks.js";
import { type Emit, transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "./command-services.js";
import { loadTask, presentTask } from "./load-tasks.js";
import type { WarnLog } from "./read-stored.js";
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
  /**
   * The run keeps its claim (runner, lease, reply in flight): an agent's tool call that waits
   * for the user's answer to an MCP server's question (input-required while the call is open).
   */
  keepsRun?: boolean;
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
  services: CommandServices,
  owner: Owner,
  taskId: string,
  change: TaskStatusChange,
): Promise<Task> {
  return transactWithEvents(services, (trx, emit) =>
    changeTaskStatus(services, trx, emit, owner, taskId, change),
  );
}

/** updateTaskStatus for a move that does not end the task: its head only (applyRunningStatus). */
export function updateRunningStatus(
  services: CommandServices,
  owner: Owner,
  taskId: string,
  change: TaskStatusChange,
): Promise<TaskHead> {
  return transactWithEvents(services, async (trx, emit) => {
    const row = await lockTaskToChange(services, trx, owner, taskId);
    return applyRunningStatus(trx, emit, owner, row, change, services.logger);
  });
}

/** updateTaskStatus inside a caller's transaction, so a bigger change and its events commit together. */
export async function changeTaskStatus(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  taskId: string,
  change: TaskStatusChange,
): Promise<Task> {
  const row = await lockTaskToChange(services, trx, owner, taskId);
  return applyTaskStatus(services, trx, emit, owner, row, change);
}

/**
 * Locks one of the owner's tasks for a status change in this transaction: not found for anyone
 * else's, a conflict once it has ended.
 */
export async function lockTaskToChange(
  services: CommandServices,
  trx: Kysely<Database>,
  owner: Owner,
  taskId: string,
): Promise<TaskRow> {
  const row = await new TasksRepository(trx).lock(taskId, services.db.dialect);
  if (!canUseTask(owner, row)) throw new AppError("not_found", "Task not found");
  if (isTerminalTaskState(row.state as TaskState)) {
    throw new AppError("conflict", `Task is already ${row.state}`);
  }
  return row;
}

/** The task's history and artifacts as stored, when the caller already has them. */
export interface KnownContents {
  history: Message[];
  artifacts: Artifact[];
}

/**
 * Moves a task whose row this transaction locked (see lockTaskToChange) to a state and emits the
 * events. The task returned (and sent with task_completed) is built from the row as updated and
 * its history and artifacts, read here unless the caller passes them as stored.
 */
export async function applyTaskStatus(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  row: TaskRow,
  change: TaskStatusChange,
  known?: KnownContents,
): Promise<Task> {
  const { updated, state, base, status } = await writeStatus(trx, emit, owner, row, change);
  const task = known
    ? presentTask(updated, known.history, known.artifacts, services.logger)
    : await loadTask(trx, updated, services.logger);
  if (!task) throw new Error(`task ${row.id} unreadable right after it was written`);
  if (isTerminalTaskState(state)) {
    await emit({ ...base, type: "task_completed", data: { ...status, task } });
  }
  return task;
}

/** A task's status and metadata as stored, without its history and artifacts. */
export type TaskHead = Omit<Task, "history" | "artifacts">;

/**
 * applyTaskStatus for a move that does not end the task (a running agent's status, a tool
 * call's note in its metadata): returns the task's head only, its history left unread. A
 * running task's status changes with each of an agent's messages; reading its whole history
 * for each made a chatty agent's turn quadratic (400 updates of 1 KB: seconds).
 */
export async function applyRunningStatus(
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  row: TaskRow,
  change: TaskStatusChange,
  log: WarnLog,
): Promise<TaskHead> {
  if (isTerminalTaskState(change.state)) {
    throw new Error(`applyRunningStatus cannot end a task (${change.state})`);
  }
  const { updated } = await writeStatus(trx, emit, owner, row, change);
  const task = presentTask(updated, [], [], log);
  if (!task) throw new Error(`task ${row.id} unreadable right after it was written`);
  const { history: _history, artifacts: _artifacts, ...head } = task;
  return head;
}

/** Writes a status change to the locked row and emits task_status_changed. */
async function writeStatus(
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  row: TaskRow,
  change: TaskStatusChange,
) {
  const state = checkState(change.state);
  const taskId = row.id;
  const place = { userId: owner.userId, contextId: row.context_id, taskId };
  const message = change.message === undefined ? undefined : checkMessage(change.message, place);
  const now = new Date();
  const at = now.toISOString();
  const metadata = stampStatus(mergeMetadata(row, change.metadata), state, now);
  // A task that stops running (ends, or waits for the user) has no runner and no reply in flight.
  const stopsRunning = state !== "submitted" && state !== "working" && !change.keepsRun;
  const changes = {
    state,
    status_timestamp: at,
    status_message: message ? JSON.stringify(message) : null,
    metadata: JSON.stringify(metadata),
    updated_at: at,
    ...(stopsRunning ? { runner: null, lease_until: null, reply_id: null, reply_text: null } : {}),
  };
  await new TasksRepository(trx).update(taskId, changes);

  const base = { userId: owner.userId, contextId: row.context_id };
  const status = { task_id: taskId, status: state, timestamp: at };
  await emit({
    ...base,
    type: "task_status_changed",
    data: message ? { ...status, message } : status,
  });
  // The row as it now is (this transaction holds it), presented as a read of it would.
  const updated: TaskRow = { ...row, ...changes };
  return { updated, state, base, status };
}
