import type { Message } from "@a2a-js/sdk";

/** Longest name given to a conversation started by a message. */
export const maxStartedNameLength = 60;

/** Name of a conversation started by a message without text (files or data only). */
export const startedConversationName = "New conversation";

/**
 * The name of a conversation an A2A message starts: its first line of text, shortened, as chat
 * apps title a new thread; "New conversation" when it has no text.
 */
export function conversationNameOf(message: Pick<Message, "parts">): string {
  const text = message.parts
    .map((part) => (part.content?.$case === "text" ? part.content.value : ""))
    .join(" ");
  // Only the head is looked at, however long the message.
  const head = text.trimStart().slice(0, 4 * maxStartedNameLength);
  const firstLine = (head.split("\n")[0] ?? "").replace(/\s+/g, " ").trim();
  if (firstLine === "") return startedConversationName;
  const chars = Array.from(firstLine);
  if (chars.length <= maxStartedNameLength) return firstLine;
  return `${chars
    .slice(0, maxStartedNameLength - 1)
    .join("")
    .trimEnd()}…`;
}
