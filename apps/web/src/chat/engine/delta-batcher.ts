import type { ChatStreamEvent } from "../model/chat-types.js";
import { DrawPace, drawShare, firstDrawIntervalMs, slowestDrawIntervalMs } from "./draw-pace.js";

type TextEvent = Extract<ChatStreamEvent, { type: "text" }>;

/** Runs a callback before the next paint (or soon, where there are no frames). */
export type FrameScheduler = (callback: () => void) => void;

/**
 * Streamed text reaches the screen at most this often. Every update lays out and paints the
 * growing reply again; about 20 updates a second still reads as fluid typing while costing a third
 * of updating on every frame (measured in docs/benchmarks.md). Where a draw costs more, the page
 * draws less often (`streamDrawPace`).
 */
export const streamTextIntervalMs = intervalFromBuild(
  import.meta.env.VITE_STREAM_TEXT_INTERVAL_MS,
  50,
);

/**
 * The page's estimate of what drawing streamed text costs, shared by every stream (they draw into
 * the same page): draws, and the pulls of the worker's batches that feed them, are spaced so that
 * drawing takes about `drawShare` of the main thread.
 */
export const streamDrawPace = new DrawPace({
  minMs: Math.min(streamTextIntervalMs, 50),
  maxMs: slowestDrawIntervalMs,
  share: drawShare,
  startMs: firstDrawIntervalMs,
});

/** The interval between two draws of streamed text now. */
export function streamDrawIntervalMs(): number {
  return Math.max(streamTextIntervalMs, streamDrawPace.intervalMs());
}

/** A build-time override of the interval (benches build a copy that draws less often). */
function intervalFromBuild(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** About one frame at 60 Hz. */
export const frameMs = 16;

const animationFrame = (callback: () => void) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => callback());
  else setTimeout(callback, frameMs);
};

/**
 * A scheduler that runs each callback at least the interval after the previous one it ran: at
 * once when that much time has passed (so the first piece of a reply shows at once), otherwise on
 * a timer that waits out the rest. It runs in a task, not in an animation frame: the update
 * renders, and the message list measures the grown reply and follows its end, before the next
 * frame, so the scroll event that following brings is handled in that frame instead of a second
 * one (a frame per draw less, see docs/benchmarks.md). Pulls of the worker's batches run at the
 * draws' pace, a frame before a draw is due, so a batch usually arrives just before its draw.
 * One per stream. By default the interval follows `streamDrawPace`, and draws' costs are measured
 * for it (one at a time): the callback's task with its microtasks (our render) plus the next
 * frame up to the task after it (the browser's style, layout and paint of the update).
 */
export function createPacedFrames(
  intervalMs: number | (() => number) = streamDrawIntervalMs,
  pace: DrawPace | undefined = intervalMs === streamDrawIntervalMs ? streamDrawPace : undefined,
): FrameScheduler {
  const interval = typeof intervalMs === "number" ? () => intervalMs : intervalMs;
  let lastRun = Number.NEGATIVE_INFINITY;
  let measuring = false;
  const measure = (pace: DrawPace, start: number) => {
    measuring = true;
    // Queued after the render React schedules for the update, so it runs once that is done.
    queueMicrotask(() => {
      const taskMs = performance.now() - start;
      animationFrame(() => {
        const frameStart = performance.now();
        setTimeout(() => {
          measuring = false;
          pace.record(taskMs + performance.now() - frameStart);
        }, 0);
      });
    });
  };
  return (callback) => {
    const run = () => {
      lastRun = Date.now();
      pace?.drew(lastRun);
      const start = performance.now();
      callback();
      if (pace && !measuring) measure(pace, start);
    };
    const wait = lastRun + interval() - Date.now();
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
