import type { ChatMessage } from "../model/chat-types.js";
import { sameByContent } from "./content-match.js";
import { messageHash } from "./message-hash.js";

/** How long an optimistic message without a server equivalent is kept (core spec §9). */
export const optimisticRetentionMs = 30_000;

const timeOf = (message: ChatMessage) => {
  const ms = Date.parse(message.timestamp);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/**
 * Messages ordered by time (or by a sort time given per message); equal times keep their order
 * (a task's turns share times).
 */
export function sortByTime(
  messages: ChatMessage[],
  sortTime: (message: ChatMessage) => number = timeOf,
): ChatMessage[] {
  return messages
    .map((message, index) => ({ message, index, time: sortTime(message) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ message }) => message);
}

function uniqueById(messages: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set<string>();
  return messages.filter((message) => !seen.has(message.id) && seen.add(message.id));
}

/**
 * The stored messages a local bubble is still streaming: the one it learned the id of, and its
 * task's replies after the task's last user message (the turn it streams, also before a word of it
 * arrived, and the empty reply that carried the turn's results). The server can hold a reply
 * whole before this tab's stream of it has ended.
 */
function streamedHere(server: readonly ChatMessage[], local: readonly ChatMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const bubble of local) {
    if (!bubble.isStreaming || bubble.role !== "assistant") continue;
    if (bubble.replyId !== undefined) ids.add(bubble.replyId);
    if (!bubble.taskId) continue;
    const turn = server.filter((m) => m.taskId === bubble.taskId);
    const lastUser = turn.findLastIndex((m) => m.role === "user");
    for (const m of turn.slice(lastUser + 1)) if (m.role === "assistant") ids.add(m.id);
  }
  return ids;
}

/**
 * Merges a conversation's messages from the server with the local ones (core spec §4):
 * - the server's version of a message wins (same id);
 * - an optimistic local message is dropped when the server has its id (a reply bubble: the id of
 *   the message it learned it shows); a reply bubble that knows no id is dropped when a server
 *   message with the same hash (role, content, conversation) is new to this list, i.e. is its
 *   backend equivalent (sameByContent: two equal answers with ids are two messages);
 * - other optimistic messages are kept only if they belong to `currentContextId` and are under
 *   30 s old or still streaming;
 * - other local messages are kept unless the server list covers their task (then the server's
 *   set of messages for that task is the truth);
 * - a stored message a local bubble is still streaming is left to that bubble (one bubble per
 *   reply); once the stream ends, the stored one confirms it.
 */
export function mergeMessages(
  server: readonly ChatMessage[],
  local: readonly ChatMessage[],
  currentContextId: string,
  now: number,
): ChatMessage[] {
  const streamed = streamedHere(server, local);
  const fromServer = uniqueById(server).filter((message) => !streamed.has(message.id));
  const serverTasks = new Set(fromServer.flatMap((m) => (m.taskId ? [m.taskId] : [])));
  const localIds = new Set(local.flatMap((m) => (m.replyId ? [m.id, m.replyId] : [m.id])));
  // Only server messages this list has not shown yet can be the equivalent of an optimistic one:
  // an older identical "hi" must not swallow the one just sent.
  const claimable = new Map<string, ChatMessage[]>();
  for (const message of fromServer) {
    if (localIds.has(message.id)) continue;
    const hash = messageHash(message);
    claimable.set(hash, [...(claimable.get(hash) ?? []), message]);
  }
  const serverById = new Map(fromServer.map((m) => [m.id, m]));
  const sortTimes = new Map<ChatMessage, number>(fromServer.map((m) => [m, timeOf(m)]));
  // Local messages keep their order among what preceded them locally: clocks differ, and a
  // reply placeholder must not move above the user message the server confirmed a bit "later".
  let floor = Number.NEGATIVE_INFINITY;
  const kept: ChatMessage[] = [];
  for (const message of local) {
    // A streamed reply is confirmed by the stored message it learned the id of.
    const confirmed =
      serverById.get(message.id) ??
      (message.replyId && !message.isStreaming ? serverById.get(message.replyId) : undefined);
    if (confirmed) {
      floor = Math.max(floor, timeOf(confirmed));
      continue;
    }
    if (!keepLocal(message)) continue;
    const time = Math.max(timeOf(message), floor);
    floor = time;
    // A message placed below a later-confirmed one takes that time: later merges sort the list by
    // its timestamps alone, and would otherwise move it back above (a reply above its question).
    const placed =
      time > timeOf(message) ? { ...message, timestamp: new Date(time).toISOString() } : message;
    sortTimes.set(placed, time);
    kept.push(placed);
  }
  return sortByTime([...fromServer, ...kept], (m) => sortTimes.get(m) ?? timeOf(m));

  function keepLocal(message: ChatMessage): boolean {
    if (!message.isOptimistic) return !(message.taskId && serverTasks.has(message.taskId));
    if (message.contextId !== currentContextId) return false;
    const equivalents = claimable.get(messageHash(message)) ?? [];
    const equivalent = equivalents.findIndex((stored) => sameByContent(message, stored));
    if (equivalent !== -1) {
      equivalents.splice(equivalent, 1);
      return false;
    }
    return message.isStreaming || now - Date.parse(message.timestamp) < optimisticRetentionMs;
  }
}
