import { frameMs, streamDrawPace } from "../delta-batcher.js";

/** Schedules the page's next pull of a stream. */
export type PullScheduler = (pull: () => void) => void;

/**
 * The page asks for a stream's next batch at the pace it draws streamed text (`streamDrawPace`:
 * about 20 times a second, less often where drawing costs more), so each draw has one fresh
 * batch. A build that draws rarely still receives events at that pace, not its own.
 */
export const streamPullIntervalMs = (): number => streamDrawPace.intervalMs();

/**
 * A timer pacer: each pull runs at least the interval after the previous one (at once when that
 * much time has passed), and no sooner than a frame before the next draw is due (the interval
 * after the last draw), so the batch arrives just in time for that draw (see createPacedFrames).
 * Timers, not animation frames, so a hidden tab still finishes its streams. One per stream.
 */
export function createPullPacer(
  intervalMs: number | (() => number) = streamPullIntervalMs,
  lastDrawAt: () => number = () => streamDrawPace.lastDrawAt(),
): PullScheduler {
  const interval = typeof intervalMs === "number" ? () => intervalMs : intervalMs;
  let last = Number.NEGATIVE_INFINITY;
  return (pull) => {
    const run = () => {
      last = Date.now();
      pull();
    };
    const every = interval();
    const wait = Math.max(last + every, lastDrawAt() + every - frameMs) - Date.now();
    if (wait > 0) setTimeout(run, wait);
    else run();
  };
}
