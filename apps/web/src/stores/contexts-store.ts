import { type ContextRecord, defaultContextName, lastContextMessage } from "@a2a-chat/contracts";
import { create } from "zustand";
import { ApiError, toApiError } from "../lib/api-error.js";
import { withBrowserLock } from "../lib/browser-lock.js";
import {
  createContextRequest,
  deleteContextRequest,
  latestContextRequest,
  renameContextRequest,
} from "../lib/contexts-api.js";
import { type Conversation, toConversation } from "../lib/conversation.js";
import { readStorage, storageKeys, writeStorage } from "../lib/storage.js";
import { selectHasValidToken } from "./auth-selectors.js";
import { useAuthStore } from "./auth-store.js";
import {
  applyAdopted,
  applyCreated,
  applyDeleted,
  applySnapshot,
  applyStats,
  applyUpdated,
  type ContextsData,
  initialContextsData,
  loadingContextId,
  restoreConversation,
} from "./contexts-reducers.js";
import { registerStoreReset } from "./reset.js";

/** Error texts of conversation actions (core spec §5 Contexts, §8). */
export const contextMessages = {
  createFailed: (reason: string) => `Failed to create conversation: ${reason}`,
  renameFailed: "Failed to rename conversation",
  deleteFailed: "Failed to delete conversation",
  deleteLast: lastContextMessage,
  switchMissing: (id: string) => `Cannot switch to non-existent context: ${id}`,
  renameMissing: (id: string) => `Cannot rename non-existent context: ${id}`,
  deleteMissing: (id: string) => `Cannot delete non-existent context: ${id}`,
} as const;

/** Statistics of a conversation as the context_stats event carries them. */
export type ContextStats = Pick<ContextRecord, "context_id" | "message_count" | "updated_at">;

/** The conversations store: the list, the current one, loading flags and the last error. */
export interface ContextsState extends ContextsData {
  error: string | null;
  /** Live stream: a snapshot replaces the list. */
  receiveSnapshot: (records: ContextRecord[]) => void;
  /** Live stream: context_created. */
  receiveCreated: (record: ContextRecord) => void;
  /** Live stream: context_updated. */
  receiveUpdated: (record: ContextRecord) => void;
  /** Live stream: context_deleted. */
  receiveDeleted: (id: string) => void;
  /** Live stream: context_stats. */
  receiveStats: (stats: ContextStats) => void;
  /** Creates a conversation ('Conversation N' unless named) and selects it. */
  createContext: (name?: string) => Promise<Conversation | null>;
  switchContext: (id: string) => void;
  /** Renames optimistically; a blank name is ignored; rolled back if the server refuses. */
  renameContext: (id: string, name: string) => Promise<void>;
  /** Deletes optimistically; rolled back if the server refuses. The last one is kept. */
  deleteContext: (id: string) => Promise<void>;
  /**
   * Counts a message just sent, unless the server's counts for the conversation arrived since
   * `statsBefore` (statsSeen when sending): those already include it, and a fast reply's counts
   * can arrive before the send's first event.
   */
  incrementMessageCount: (id: string, statsBefore?: number) => void;
  /** How many context_stats events arrived, per conversation. */
  statsSeen: Record<string, number>;
  /** Creates 'Default Conversation' once when the snapshot showed there is none. */
  ensureDefaultContext: () => Promise<void>;
  clearError: () => void;
}

/** The Web Lock under which a browser's tabs make the default conversation, one at a time. */
export const defaultContextLockName = "a2a-chat:default-conversation";

// Replies that arrive after a reset belong to the previous user and are dropped.
let epoch = 0;
let defaultRequested = false;

function rememberedContextId(): string | null {
  const userId = useAuthStore.getState().userId;
  const own = userId ? readStorage(storageKeys.userCurrentContext(userId)) : null;
  return own ?? readStorage(storageKeys.currentContext);
}

/** The conversations store. */
export const useContextsStore = create<ContextsState>()((set, get) => ({
  ...initialContextsData,
  error: null,
  statsSeen: {},

  receiveSnapshot: (records) => {
    set((state) => applySnapshot(state, records.map(toConversation), rememberedContextId()));
    void get().ensureDefaultContext();
  },
  receiveCreated: (record) => set((state) => applyCreated(state, toConversation(record))),
  receiveUpdated: (record) =>
    set((state) =>
      applyUpdated(state, {
        id: record.context_id,
        name: record.name,
        updatedAt: record.updated_at,
      }),
    ),
  receiveDeleted: (id) => set((state) => applyDeleted(state, id)),
  receiveStats: (stats) =>
    set((state) => ({
      ...applyStats(state, {
        id: stats.context_id,
        messageCount: stats.message_count,
        updatedAt: stats.updated_at,
      }),
      statsSeen: {
        ...state.statsSeen,
        [stats.context_id]: (state.statsSeen[stats.context_id] ?? 0) + 1,
      },
    })),

  createContext: async (name) => {
    const started = epoch;
    const chosen = name?.trim() || `Conversation ${get().conversations.length + 1}`;
    let conversation: Conversation;
    try {
      conversation = toConversation(await createContextRequest(chosen));
    } catch (error) {
      if (started === epoch)
        set({ error: contextMessages.createFailed(toApiError(error).message) });
      return null;
    }
    if (started !== epoch) return null;
    // The context_created event may have added it already; applyCreated does not duplicate it.
    set((state) => ({ ...applyCreated(state, conversation), currentContextId: conversation.id }));
    return conversation;
  },

  switchContext: (id) => {
    if (!get().conversations.some((c) => c.id === id)) {
      set({ error: contextMessages.switchMissing(id) });
      return;
    }
    set({ currentContextId: id });
  },

  renameContext: async (id, name) => {
    const trimmed = name.trim();
    if (!trimmed) return;
    const before = get().conversations.find((c) => c.id === id);
    if (!before) {
      set({ error: contextMessages.renameMissing(id) });
      return;
    }
    if (trimmed === before.name) return;
    const started = epoch;
    set((state) => applyUpdated(state, { id, name: trimmed, updatedAt: before.updatedAt }));
    try {
      const record = await renameContextRequest(id, trimmed);
      if (started !== epoch) return;
      set((state) => applyUpdated(state, { id, name: record.name, updatedAt: record.updated_at }));
    } catch {
      if (started !== epoch) return;
      set((state) => {
        // Only undo our own change: a rename from elsewhere that arrived meanwhile stays.
        const now = state.conversations.find((c) => c.id === id);
        const rolledBack = now?.name === trimmed ? applyUpdated(state, before) : state;
        return { ...rolledBack, error: contextMessages.renameFailed };
      });
    }
  },

  deleteContext: async (id) => {
    const { conversations, currentContextId } = get();
    const index = conversations.findIndex((c) => c.id === id);
    const removed = conversations[index];
    if (!removed) {
      set({ error: contextMessages.deleteMissing(id) });
      return;
    }
    if (conversations.length <= 1) {
      set({ error: contextMessages.deleteLast });
      return;
    }
    const started = epoch;
    set((state) => applyDeleted(state, id));
    const fallbackId = get().currentContextId;
    try {
      await deleteContextRequest(id);
    } catch (error) {
      if (started !== epoch) return;
      // Already gone (deleted in another tab): the optimistic removal was right after all.
      if (error instanceof ApiError && error.status === 404) return;
      set((state) => {
        const restored = restoreConversation(state, removed, index);
        const reselect = currentContextId === id && restored.currentContextId === fallbackId;
        return {
          ...restored,
          currentContextId: reselect ? id : restored.currentContextId,
          error: contextMessages.deleteFailed,
        };
      });
    }
  },

  incrementMessageCount: (id, statsBefore) =>
    set((state) =>
      statsBefore !== undefined && (state.statsSeen[id] ?? 0) !== statsBefore
        ? state
        : {
            conversations: state.conversations.map((c) =>
              c.id === id ? { ...c, messageCount: c.messageCount + 1 } : c,
            ),
          },
    ),

  ensureDefaultContext: async () => {
    const state = get();
    // The spec asks for this "when authenticated". Sign-in does not exist yet, so every valid
    // session counts, anonymous ones included: otherwise a new visitor would have no conversation.
    const eligible =
      state.hasReceivedSnapshot &&
      state.currentContextId === loadingContextId &&
      state.conversations.length === 0 &&
      selectHasValidToken(useAuthStore.getState());
    if (!eligible || defaultRequested) return;
    defaultRequested = true;
    const started = epoch;
    // One tab of the browser at a time, and each asks the server first: another tab may have
    // made the conversation since this tab's snapshot was read, while holding the lock or before
    // this tab asked for it (its live stream may not have told of it yet). Only with none is
    // one made.
    await withBrowserLock(defaultContextLockName, async () => {
      const made = await latestContextRequest().catch(() => null);
      if (started !== epoch) return;
      if (made) set((state) => applyAdopted(state, toConversation(made)));
      else await get().createContext(defaultContextName);
    });
  },

  clearError: () => set({ error: null }),
}));

// The current conversation is remembered per user (and under the generic key) on every change.
useContextsStore.subscribe((state, previous) => {
  const id = state.currentContextId;
  if (id === previous.currentContextId || id === loadingContextId) return;
  const userId = useAuthStore.getState().userId;
  if (userId) writeStorage(storageKeys.userCurrentContext(userId), id);
  writeStorage(storageKeys.currentContext, id);
});

registerStoreReset(() => {
  epoch += 1;
  defaultRequested = false;
  useContextsStore.setState({ ...initialContextsData, error: null });
});
