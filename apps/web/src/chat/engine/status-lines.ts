import type { Message, Task } from "@a2a-chat/contracts";
import type { ChatMessage, StatusLine } from "../model/chat-types.js";
import { partsText } from "./sdk-parts.js";

/**
 * Pure helpers for an agent's status messages (A2A: each status update's message is a whole
 * message; a new id is a new one, the same id again replaces it). They show as distinct lines of
 * the reply they lead to, never joined into one text.
 */

/** A message as a status line. */
export const lineOf = (message: Pick<Message, "messageId" | "parts">): StatusLine => ({
  id: message.messageId,
  text: partsText(message.parts),
});

/** The lines with a message added as the newest, or replacing the line with its id. */
export function upsertStatusLine(
  lines: readonly StatusLine[] | undefined,
  message: Pick<Message, "messageId" | "parts">,
): StatusLine[] {
  const line = lineOf(message);
  const list = lines ?? [];
  const at = list.findIndex((known) => known.id === line.id);
  return at === -1 ? [...list, line] : list.map((known, i) => (i === at ? line : known));
}

/** A task's history with a message added at its end, or replacing the one with its id. */
export function upsertHistory(history: readonly Message[], message: Message): Message[] {
  const at = history.findIndex((known) => known.messageId === message.messageId);
  return at === -1
    ? [...history, message]
    : history.map((known, i) => (i === at ? message : known));
}

/**
 * A task's history split into what the chat shows as messages: each run of agent messages in a
 * row is one reply, its last message, with the earlier ones as its status lines.
 */
export function foldAgentRuns(
  history: readonly Message[],
): { message: Message; lines: StatusLine[] }[] {
  const shown: { message: Message; lines: StatusLine[] }[] = [];
  let run: Message[] = [];
  const close = () => {
    const last = run.at(-1);
    if (last) shown.push({ message: last, lines: run.slice(0, -1).map(lineOf) });
    run = [];
  };
  for (const message of history) {
    if (message.role === "agent") {
      run.push(message);
      continue;
    }
    close();
    shown.push({ message, lines: [] });
  }
  close();
  return shown;
}

/** The status lines of a working task's latest turn: its agent messages after the last user one. */
export function turnLines(task: Task): StatusLine[] {
  const lastUser = task.history.findLastIndex((message) => message.role === "user");
  return task.history.slice(lastUser + 1).map(lineOf);
}

/**
 * A conversation's messages without those another message shows as one of its status lines (a
 * status message the live stream added on its own before its reply arrived).
 */
export function withoutFoldedLines(list: ChatMessage[]): ChatMessage[] {
  const folded = new Set(list.flatMap((m) => (m.statusLines ?? []).map((line) => line.id)));
  if (folded.size === 0 || !list.some((m) => folded.has(m.id))) return list;
  return list.filter((m) => !folded.has(m.id));
}
