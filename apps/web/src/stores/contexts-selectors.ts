import type { Conversation } from "../lib/conversation.js";
import { type ContextsData, loadingContextId } from "./contexts-reducers.js";

/** Core spec §5 Sending: refused until the live stream's snapshot arrived. */
export const contextNotInitializedMessage =
  "Cannot send message: Context not initialized. Please wait for contexts to load.";

/** Core spec §5 Sending: refused without a current conversation. */
export const noConversationSelectedMessage =
  "No conversation selected. Please wait for context to initialize.";

/** The selected conversation, if one is selected and listed. */
export function selectCurrentConversation(state: ContextsData): Conversation | undefined {
  return state.conversations.find((c) => c.id === state.currentContextId);
}

/**
 * The current conversation's id for calls that name it (x-context-id), or null while the
 * conversation loads: the loading marker is no conversation and never leaves the app (core spec §7).
 */
export function selectKnownContextId(state: Pick<ContextsData, "currentContextId">): string | null {
  return state.currentContextId === loadingContextId ? null : state.currentContextId;
}

/** Whether conversations are still loading (no snapshot yet, or none selected yet). */
export function selectIsLoadingConversations(state: ContextsData): boolean {
  return state.isLoading || state.currentContextId === loadingContextId;
}

/** Why a message cannot be sent now as far as conversations go, or null when it can. */
export function selectSendBlockReason(state: ContextsData): string | null {
  if (!state.hasReceivedSnapshot) return contextNotInitializedMessage;
  if (!selectCurrentConversation(state)) return noConversationSelectedMessage;
  return null;
}
