import type { ChatStreamEvent } from "../model/chat-types.js";

type TextEvent = Extract<ChatStreamEvent, { type: "text" }>;

/** Runs a callback before the next paint (or soon, where there are no frames). */
export type FrameScheduler = (callback: () => void) => void;

/** requestAnimationFrame, falling back to a 16 ms timer. */
export const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

/** Collects text deltas and hands them over joined, at most once per frame. */
export interface DeltaBatcher {
  push(event: TextEvent): void;
  /** Hands over what is buffered now (before any other event, and at the end). */
  flush(): void;
  /** Drops what is buffered. */
  cancel(): void;
}

/**
 * A batcher of text deltas: a reply streamed as thousands of tiny pieces costs one store update
 * per frame instead of one per piece, so the main thread stays free while tokens arrive.
 */
export function createDeltaBatcher(
  apply: (event: TextEvent) => void,
  schedule: FrameScheduler = nextFrame,
): DeltaBatcher {
  let pending: TextEvent | undefined;
  let scheduled = false;
  const flush = () => {
    const event = pending;
    pending = undefined;
    if (event) apply(event);
  };
  return {
    push(event) {
      pending = pending ? { ...event, delta: pending.delta + event.delta } : { ...event };
      if (scheduled) return;
      scheduled = true;
      schedule(() => {
        scheduled = false;
        flush();
      });
    },
    flush,
    cancel() {
      pending = undefined;
    },
  };
}
