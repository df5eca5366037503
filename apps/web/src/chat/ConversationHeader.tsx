import type { Conversation } from "../lib/conversation.js";
import { ConversationActions } from "./actions/ConversationActions.js";

/** Ids are shown as their first 8 characters (core spec §9). */
export const shownIdLength = 8;

/**
 * The conversation view's header: name, id and message count (core spec §2.1): the messages of
 * the branch shown (`count`; the conversation's own count, of every branch, when not given).
 */
export function ConversationHeader({
  conversation,
  count = conversation.messageCount,
}: {
  conversation: Conversation;
  count?: number;
}) {
  return (
    <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-border px-6 py-3">
      <h1 className="truncate text-lg font-semibold">{conversation.name}</h1>
      <p className="flex gap-3 text-xs text-neutral-400">
        <span title={conversation.id}>ID: {conversation.id.slice(0, shownIdLength)}</span>
        <span>
          {count} {count === 1 ? "message" : "messages"}
        </span>
      </p>
      <ConversationActions contextId={conversation.id} name={conversation.name} />
    </header>
  );
}
