import { create } from "zustand";
import { registerStoreReset } from "../../stores/reset.js";
import type { Draft } from "./drafts-store.js";
import { enqueue, type MessageQueue, type QueuedMessage, removeQueued } from "./queued-messages.js";

/** Messages queued while a reply streamed (in memory for this tab, like drafts). */
export interface QueuedState {
  queue: MessageQueue;
  /** Queues a draft in its conversation. */
  add: (contextId: string, draft: Draft) => void;
  /** Takes a message out of the queue; returns it (undefined when it was not there). */
  take: (id: string) => QueuedMessage | undefined;
}

let nextId = 0;

/** The queue of messages waiting for a reply to end. */
export const useQueuedStore = create<QueuedState>()((set, get) => ({
  queue: [],
  add: (contextId, draft) => {
    nextId += 1;
    set((state) => ({ queue: enqueue(state.queue, { id: `queued-${nextId}`, contextId, draft }) }));
  },
  take: (id) => {
    const message = get().queue.find((queued) => queued.id === id);
    set((state) => ({ queue: removeQueued(state.queue, id) }));
    return message;
  },
}));

registerStoreReset(() => useQueuedStore.setState({ queue: [] }));
