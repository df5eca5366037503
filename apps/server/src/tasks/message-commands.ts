import type { Message } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { MessagesRepository } from "../db/repositories/messages.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { ContextRow, Database, MessageRow, TaskRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { canUseTask } from "../policies/tasks.js";
import { type Emit, transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "./command-services.js";
import { emitContextStats } from "./context-stats-event.js";
import { presentMessage } from "./present-message.js";
import { checkMessage, storedBytes, storeMessage } from "./store-message.js";
import type { Owner } from "./task-checks.js";

/** A message to store in a conversation, and the task it belongs to if any. */
export interface NewMessage {
  contextId: string;
  taskId?: string;
  message: unknown;
}

/**
 * Appends a message to one of the owner's conversations (and task), counts it on the
 * conversation, and emits message_added then context_stats. Appending the same message id to
 * the same place again is a no-op returning the stored message, so retries are safe.
 */
export function appendMessage(
  services: CommandServices,
  owner: Owner,
  input: NewMessage,
): Promise<Message> {
  return transactWithEvents(services, (trx, emit) =>
    insertMessage(services, trx, emit, owner, input),
  );
}

/**
 * appendMessage inside a caller's transaction. `held` is the message's conversation and task
 * when the caller already locked both here (in that order, see lockTurn) and changes the task's
 * status next, which also marks it updated.
 */
export async function insertMessage(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  input: NewMessage,
  held?: { context: ContextRow; task: TaskRow },
): Promise<Message> {
  const place = {
    userId: owner.userId,
    contextId: input.contextId,
    taskId: input.taskId ?? null,
  };
  const message = checkMessage(input.message, place);
  const heldTask =
    held !== undefined && held.task.id === place.taskId && held.context.id === input.contextId
      ? held.task
      : undefined;
  const context =
    heldTask && held
      ? held.context
      : await new ContextStatsRepository(trx).lock(input.contextId, services.db.dialect);
  if (!canUseContext(owner, context)) throw new AppError("not_found", "Context not found");
  const tasks = new TasksRepository(trx);
  if (place.taskId !== null) {
    const task = heldTask ?? (await tasks.findById(place.taskId));
    if (!canUseTask(owner, task) || task.context_id !== input.contextId) {
      throw new AppError("not_found", "Task not found");
    }
  }

  const written = await storeMessage(trx, place, message, new Date(), context);
  if (!written) {
    // The id is taken: the same message sent again is answered as stored, any other refused.
    const existing = await new MessagesRepository(trx).findForUser(owner.userId, message.messageId);
    const same =
      existing !== undefined &&
      existing.context_id === place.contextId &&
      existing.task_id === place.taskId;
    const stored = same && presentMessage(existing, services.logger);
    if (!stored) throw new AppError("conflict", "Message id already in use");
    return stored;
  }
  const row = written.row;
  if (place.taskId !== null && !heldTask) {
    await tasks.touch(place.taskId, row.created_at);
  }
  return announce(services, trx, emit, row, written.context);
}

/** A message row just written, presented, and told: message_added, then context_stats. */
async function announce(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  row: MessageRow,
  context?: ContextRow,
): Promise<Message> {
  const stored = presentMessage(row, services.logger);
  if (!stored) throw new Error(`message ${row.id} unreadable right after it was written`);
  await emit({
    userId: row.user_id,
    type: "message_added",
    contextId: row.context_id,
    data: { task_id: row.task_id, message: stored, created_at: row.created_at },
  });
  await emitContextStats(trx, emit, row.user_id, row.context_id, context);
  return stored;
}

/**
 * Replaces the parts of a message already stored in this place (same user, conversation and
 * task) inside the caller's transaction, which holds the conversation: its bytes are recounted
 * and message_added goes out again with the same id, which readers take as a replacement. Returns
 * undefined when the user has no message with this id (the caller inserts it then).
 */
export async function replaceMessage(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  input: NewMessage,
): Promise<Message | undefined> {
  const place = { userId: owner.userId, contextId: input.contextId, taskId: input.taskId ?? null };
  const message = checkMessage(input.message, place);
  const messages = new MessagesRepository(trx);
  const existing = await messages.findForUser(owner.userId, message.messageId);
  if (!existing) return undefined;
  if (existing.context_id !== place.contextId || existing.task_id !== place.taskId) {
    throw new AppError("conflict", "Message id already in use");
  }
  const parts = JSON.stringify(message.parts);
  await messages.replaceParts(owner.userId, message.messageId, parts);
  const stats = new ContextStatsRepository(trx);
  await stats.addBytes(place.contextId, storedBytes(parts) - storedBytes(existing.parts));
  return announce(services, trx, emit, { ...existing, parts });
}
