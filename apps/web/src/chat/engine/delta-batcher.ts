import type { ChatStreamEvent } from "../model/chat-types.js";

type TextEvent = Extract<ChatStreamEvent, { type: "text" }>;

/** Runs a callback before the next paint (or soon, where there are no frames). */
export type FrameScheduler = (callback: () => void) => void;

/**
 * Streamed text reaches the screen at most this often. Every update lays out and paints the
 * growing reply again; about 20 updates a second still reads as fluid typing while costing a third
 * of updating on every frame (measured in docs/benchmarks.md).
 */
export const streamTextIntervalMs = intervalFromBuild(
  import.meta.env.VITE_STREAM_TEXT_INTERVAL_MS,
  50,
);

/** A build-time override of the interval (benches build a copy that draws less often). */
function intervalFromBuild(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

const animationFrame = (callback: () => void) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

/**
 * A scheduler that runs each callback on the next animation frame at least `intervalMs` after the
 * previous one it ran (a timer waits out the rest of the interval first), so the first piece of a
 * reply shows at once; falls back to a 16 ms timer without frames. One per stream.
 */
export function createPacedFrames(intervalMs = streamTextIntervalMs): FrameScheduler {
  let lastFrame = Number.NEGATIVE_INFINITY;
  return (callback) => {
    const run = () =>
      animationFrame(() => {
        lastFrame = Date.now();
        callback();
      });
    const wait = lastFrame + intervalMs - Date.now();
    if (wait > 0) setTimeout(run, wait);
    else run();
  };
}

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
  schedule: FrameScheduler = createPacedFrames(),
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
