import { type Message, messageSchema } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { MessagesRepository } from "../db/repositories/messages.js";
import type { ContextRow, Database, MessageRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";

/** Where a message is being stored: whose, which conversation, which task. */
export interface MessagePlace {
  userId: string;
  contextId: string;
  taskId: string | null;
}

/** Validates a message for a place; its own contextId and taskId, if set, must agree. */
export function checkMessage(value: unknown, place: MessagePlace): Message {
  const parsed = messageSchema.safeParse(value);
  if (!parsed.success) throw new AppError("validation_failed", "Invalid message");
  const message = parsed.data;
  if (message.contextId !== undefined && message.contextId !== place.contextId) {
    throw new AppError("validation_failed", "Message contextId does not match its conversation");
  }
  if (message.taskId !== undefined && message.taskId !== place.taskId) {
    throw new AppError("validation_failed", "Message taskId does not match its task");
  }
  return message;
}

/** Bytes a stored JSON text takes, as counted against a user's storage quota. */
export const storedBytes = (...texts: string[]) =>
  texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);

/** ISO time one millisecond after another. */
const after = (iso: string) => new Date(Date.parse(iso) + 1).toISOString();

/**
 * Writes a message and counts it on its conversation. Times within a conversation strictly
 * increase, so history order is stable even for messages written in the same millisecond. The
 * caller must hold the conversation (ContextStatsRepository.lock) in this transaction and passes
 * the row it read: every message written sets its last_message_at, so that is the newest message's
 * time (read from the messages when it is unset). Returns the message row and the conversation
 * as it now is, or undefined when the user already has a message with this id (nothing is
 * written then; the caller decides what that means).
 */
export async function storeMessage(
  trx: Kysely<Database>,
  place: MessagePlace,
  message: Message,
  now: Date,
  context: Pick<ContextRow, "last_message_at">,
): Promise<{ row: MessageRow; context: ContextRow | undefined } | undefined> {
  const messages = new MessagesRepository(trx);
  const last = context.last_message_at ?? (await messages.lastCreatedAt(place.contextId));
  let at = now.toISOString();
  if (last !== undefined && last >= at) at = after(last);
  const row: MessageRow = {
    id: message.messageId,
    user_id: place.userId,
    context_id: place.contextId,
    task_id: place.taskId,
    role: message.role,
    parts: JSON.stringify(message.parts),
    created_at: at,
  };
  if (!(await messages.insertIfNew(row))) return undefined;
  const updated = await new ContextStatsRepository(trx).addMessage(
    place.contextId,
    at,
    storedBytes(row.parts),
  );
  return { row, context: updated };
}
