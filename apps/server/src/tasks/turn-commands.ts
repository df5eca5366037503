import { isTerminalTaskState, type Message, type Task, type TaskState } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { ContextRow, Database, TaskRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { canUseTask } from "../policies/tasks.js";
import { transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "./command-services.js";
import { insertMessage, replaceMessage } from "./message-commands.js";
import type { Owner } from "./task-checks.js";
import { insertTaskRow, type NewTask } from "./task-commands.js";
import {
  applyRunningStatus,
  applyTaskStatus,
  type TaskHead,
  type TaskStatusChange,
} from "./task-status-commands.js";

/**
 * The steps of an agent's turn that store several changes at once, each in one transaction, with
 * the same checks and events as the single commands (createTask, appendMessage,
 * updateTaskStatus) in the same order: fewer commits and no re-reading what was just written.
 */

/**
 * Stores a new task with the user's message (task_created, message_added, context_stats) and
 * moves it to working (task_status_changed). Returns the task as created and as it now is.
 */
export function createWorkingTask(
  services: CommandServices,
  owner: Owner,
  input: NewTask,
): Promise<{ created: Task; working: Task }> {
  return transactWithEvents(services, async (trx, emit) => {
    const { task: created, row } = await insertTaskRow(services, trx, emit, owner, input);
    const working = await applyTaskStatus(
      services,
      trx,
      emit,
      owner,
      row,
      { state: "working" },
      { history: created.history, artifacts: created.artifacts },
    );
    return { created, working };
  });
}

/** Locks a conversation and then one of its tasks, the order every task command takes them in. */
async function lockTurn(
  services: CommandServices,
  trx: Kysely<Database>,
  owner: Owner,
  place: { contextId: string; taskId: string },
): Promise<{ context: ContextRow; task: TaskRow }> {
  const { dialect } = services.db;
  const context = await new ContextStatsRepository(trx).lock(place.contextId, dialect);
  if (!canUseContext(owner, context)) throw new AppError("not_found", "Context not found");
  const task = await new TasksRepository(trx).lock(place.taskId, dialect);
  if (!canUseTask(owner, task) || task.context_id !== place.contextId) {
    throw new AppError("not_found", "Task not found");
  }
  return { context, task };
}

/**
 * Appends a message to a task (when given; message_added, context_stats) and moves the task to
 * a state (task_status_changed, and task_completed when it ends). A task that has already ended
 * still gets the message, as appendMessage would give it, but keeps its end: the result is then
 * undefined. With `runner` (the process that claims to run the task, see agents/task-runs.ts),
 * nothing at all is written unless the task still runs under that claim: a runner whose claim
 * was taken over (it was taken for dead) cannot add a second reply beside the one that ended it.
 */
export function appendMessageWithStatus(
  services: CommandServices,
  owner: Owner,
  place: { contextId: string; taskId: string },
  message: unknown,
  change: TaskStatusChange,
  runner?: string,
): Promise<Task | undefined> {
  return transactWithEvents(services, async (trx, emit) => {
    const locked = await lockTurn(services, trx, owner, place);
    const row = locked.task;
    if (runner !== undefined && row.runner !== runner) return undefined;
    const ended = isTerminalTaskState(row.state as TaskState);
    // The status change marks a task that goes on updated; an ended one is marked as
    // appendMessage marks it.
    if (message !== undefined) {
      await insertMessage(
        services,
        trx,
        emit,
        owner,
        { ...place, message },
        ended ? undefined : locked,
      );
    }
    if (ended) return undefined;
    return applyTaskStatus(services, trx, emit, owner, row, change);
  });
}

/**
 * Stores one of the agent's whole messages in a running task, a new one appended (message_added,
 * context_stats), one with an id already stored there replaced (message_added again, same id),
 * and makes it the task's status message (task_status_changed) in a state that keeps it running.
 * Returns the task's head and the message as stored (the history is not read again: see
 * applyRunningStatus); undefined, storing nothing, once the task has ended.
 */
export function putMessageWithStatus(
  services: CommandServices,
  owner: Owner,
  place: { contextId: string; taskId: string },
  message: Message,
  change: TaskStatusChange,
): Promise<{ task: TaskHead; message: Message } | undefined> {
  return transactWithEvents(services, async (trx, emit) => {
    const locked = await lockTurn(services, trx, owner, place);
    if (isTerminalTaskState(locked.task.state as TaskState)) return undefined;
    const input = { ...place, message };
    const replaced = await replaceMessage(services, trx, emit, owner, input);
    const stored = replaced ?? (await insertMessage(services, trx, emit, owner, input, locked));
    const status = { ...change, message };
    const task = await applyRunningStatus(trx, emit, owner, locked.task, status, services.logger);
    return { task, message: stored };
  });
}
