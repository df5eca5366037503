import type { Draft } from "./drafts-store.js";

/** A message the user sent while a reply streamed: it waits, shown as queued, for the reply's end. */
export interface QueuedMessage {
  /** Tells queued messages apart (the remove button's target). */
  id: string;
  /** The conversation it was written in, and is sent to. */
  contextId: string;
  /** What the draft held when it was queued: text and uploaded files. */
  draft: Draft;
}

/** Messages waiting to be sent, oldest first. */
export type MessageQueue = readonly QueuedMessage[];

/** Whether the conversation can take a message now: no reply streams or is being sent, nothing blocks. */
export interface SendReadiness {
  streaming: boolean;
  sending: boolean;
  blocked: boolean;
}

/** The queue with one more message at its end. */
export function enqueue(queue: MessageQueue, message: QueuedMessage): MessageQueue {
  return [...queue, message];
}

/** The queue without one message (the same queue when it is not there). */
export function removeQueued(queue: MessageQueue, id: string): MessageQueue {
  return queue.some((message) => message.id === id)
    ? queue.filter((message) => message.id !== id)
    : queue;
}

/** A conversation's queued messages, oldest first. */
export function queuedIn(queue: MessageQueue, contextId: string): QueuedMessage[] {
  return queue.filter((message) => message.contextId === contextId);
}

/**
 * The message to send now in a conversation: its oldest queued one, once the reply ended (none
 * streams, no send is in flight, nothing blocks sending). One at a time: the one sent starts a
 * reply, and the next waits for that reply's end.
 */
export function nextToSend(
  queue: MessageQueue,
  contextId: string,
  readiness: SendReadiness,
): QueuedMessage | undefined {
  if (readiness.streaming || readiness.sending || readiness.blocked) return undefined;
  return queue.find((message) => message.contextId === contextId);
}
