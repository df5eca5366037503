import type { Conversation } from "../lib/conversation.js";

/** The current conversation id before conversations have loaded (core spec §3). */
export const loadingContextId = "__loading__";

/** The conversations part of the contexts store, which the reducers below transform. */
export interface ContextsData {
  conversations: Conversation[];
  /** The selected conversation, or loadingContextId. */
  currentContextId: string;
  isLoading: boolean;
  hasReceivedSnapshot: boolean;
}

/** Nothing loaded yet. */
export const initialContextsData: ContextsData = {
  conversations: [],
  currentContextId: loadingContextId,
  isLoading: true,
  hasReceivedSnapshot: false,
};

const time = (value: string) => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/** The conversation updated last (the first of equals), if any. */
export function mostRecentlyUpdated(conversations: Conversation[]): Conversation | undefined {
  let best: Conversation | undefined;
  for (const conversation of conversations) {
    if (!best || time(conversation.updatedAt) > time(best.updatedAt)) best = conversation;
  }
  return best;
}

const has = (conversations: Conversation[], id: string | null): id is string =>
  id !== null && conversations.some((c) => c.id === id);

/**
 * A snapshot replaces the list. Empty, the current id stays the loading marker; otherwise the
 * current conversation stays selected if it still exists, else the remembered one, else the
 * most recently updated (core spec §4 Context loading).
 */
export function applySnapshot(
  state: ContextsData,
  conversations: Conversation[],
  rememberedId: string | null,
): ContextsData {
  const base = { conversations, isLoading: false, hasReceivedSnapshot: true };
  if (conversations.length === 0) return { ...base, currentContextId: loadingContextId };
  let currentContextId = mostRecentlyUpdated(conversations)?.id ?? loadingContextId;
  if (has(conversations, rememberedId)) currentContextId = rememberedId;
  if (has(conversations, state.currentContextId)) currentContextId = state.currentContextId;
  return { ...base, currentContextId };
}

/**
 * Adds a conversation, or refreshes it when it is already listed (the tab that created it may
 * have added it from the create reply). It is selected if nothing was selected yet.
 */
export function applyCreated(state: ContextsData, conversation: Conversation): ContextsData {
  const exists = has(state.conversations, conversation.id);
  const conversations = exists
    ? state.conversations.map((c) => (c.id === conversation.id ? conversation : c))
    : [conversation, ...state.conversations];
  const currentContextId =
    state.currentContextId === loadingContextId ? conversation.id : state.currentContextId;
  return { ...state, conversations, currentContextId };
}

/**
 * Takes a conversation another tab made, as a read of the server gave it: added and selected as
 * a created one would be, unless the live stream already told of it. Then the stream's copy stays
 * (only the selection moves to it while loading): its later events (the messages' counts) may
 * have arrived while the read was on its way, and the read's older counts would replace them.
 */
export function applyAdopted(state: ContextsData, conversation: Conversation): ContextsData {
  if (!has(state.conversations, conversation.id)) return applyCreated(state, conversation);
  if (state.currentContextId !== loadingContextId) return state;
  return { ...state, currentContextId: conversation.id };
}

/** Renames a conversation and sets its updatedAt; unknown ids change nothing. */
export function applyUpdated(
  state: ContextsData,
  update: Pick<Conversation, "id" | "name" | "updatedAt">,
): ContextsData {
  if (!has(state.conversations, update.id)) return state;
  const conversations = state.conversations.map((c) =>
    c.id === update.id ? { ...c, name: update.name, updatedAt: update.updatedAt } : c,
  );
  return { ...state, conversations };
}

/** Removes a conversation; if it was current, the first remaining one (or loading) is. */
export function applyDeleted(state: ContextsData, id: string): ContextsData {
  if (!has(state.conversations, id)) return state;
  const conversations = state.conversations.filter((c) => c.id !== id);
  const currentContextId =
    state.currentContextId === id
      ? (conversations[0]?.id ?? loadingContextId)
      : state.currentContextId;
  return { ...state, conversations, currentContextId };
}

/** Sets a conversation's message count and updatedAt from the server's statistics. */
export function applyStats(
  state: ContextsData,
  stats: Pick<Conversation, "id" | "messageCount" | "updatedAt">,
): ContextsData {
  if (!has(state.conversations, stats.id)) return state;
  const conversations = state.conversations.map((c) =>
    c.id === stats.id ? { ...c, messageCount: stats.messageCount, updatedAt: stats.updatedAt } : c,
  );
  return { ...state, conversations };
}

/** Puts a conversation back at its former position, unless it is listed again already. */
export function restoreConversation(
  state: ContextsData,
  conversation: Conversation,
  index: number,
): ContextsData {
  if (has(state.conversations, conversation.id)) return state;
  const conversations = [...state.conversations];
  conversations.splice(Math.min(index, conversations.length), 0, conversation);
  return { ...state, conversations };
}
