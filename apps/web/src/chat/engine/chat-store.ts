import { create } from "zustand";
import { registerStoreReset } from "../../stores/reset.js";
import { type ChatData, initialChatData } from "./chat-data.js";
import { abortAllRuns } from "./chat-runs.js";

/** The chat store: messages per conversation, streams, pending requests, tasks, errors. */
export interface ChatState extends ChatData {
  /** Back to nothing loaded; running streams are stopped. */
  reset: () => void;
  clearError: () => void;
  setError: (message: string | null) => void;
  setConnectionError: (message: string | null) => void;
}

// Replies that arrive after a reset belong to the previous user and are dropped.
let epoch = 0;

/** The store's epoch: changes on every reset. */
export function chatEpoch(): number {
  return epoch;
}

function resetChat(): void {
  epoch += 1;
  abortAllRuns();
  useChatStore.setState({ ...initialChatData });
}

/** The chat store (not persisted). */
export const useChatStore = create<ChatState>()((set) => ({
  ...initialChatData,
  reset: resetChat,
  clearError: () => set({ error: null }),
  setError: (message) => set({ error: message }),
  setConnectionError: (message) => set({ connectionError: message }),
}));

registerStoreReset(resetChat);
