import type { ChatMessage } from "../model/chat-types.js";
import { messageHash } from "./message-hash.js";

/**
 * Whether a local message is the stored one by its content (core spec §4: the hash of role,
 * content and conversation). The hash only recognises an optimistic reply bubble that does not
 * know which message it shows: once ids are known, messages match by id, so two equal answers
 * stay two messages. The user's own message carries its stored id from the start; a bubble that
 * learned its reply's id is that message alone; a bubble that knows its task is never another
 * task's reply.
 */
export function sameByContent(local: ChatMessage, stored: ChatMessage): boolean {
  if (!local.isOptimistic || local.isStreaming) return false;
  if (local.role !== "assistant" || local.replyId !== undefined) return false;
  if (local.taskId !== undefined && local.taskId !== stored.taskId) return false;
  return messageHash(local) === messageHash(stored);
}
