import { streamTextIntervalMs } from "../delta-batcher.js";

/** Schedules the page's next pull of a stream. */
export type PullScheduler = (pull: () => void) => void;

/**
 * The page asks for a stream's next batch at most this often: the pace at which it draws
 * streamed text (capped, so a build that draws rarely still receives events promptly).
 */
export const streamPullIntervalMs = Math.min(streamTextIntervalMs, 50);

/**
 * A timer pacer: each pull runs at least `intervalMs` after the previous one (at once when that
 * much time has passed). Timers, not animation frames, so a hidden tab still finishes its
 * streams. One per stream.
 */
export function createPullPacer(intervalMs = streamPullIntervalMs): PullScheduler {
  let last = Number.NEGATIVE_INFINITY;
  return (pull) => {
    const run = () => {
      last = Date.now();
      pull();
    };
    const wait = last + intervalMs - Date.now();
    if (wait > 0) setTimeout(run, wait);
    else run();
  };
}
