/**
 * How often streamed text is drawn, from what drawing costs. Each draw of a streamed reply costs
 * the main thread a few milliseconds (our render, then the browser's style, layout and paint of
 * the grown reply), whatever the tokens between two draws. Drawing every `costMs / share` ms keeps
 * drawing at about `share` of the main thread: on a fast machine a reply is drawn 20 times a
 * second, where a draw costs more (a slow device, a busy tab) less often, down to `maxMs`.
 */
export interface DrawPaceOptions {
  /** The shortest interval (the pace of cheap draws). */
  minMs: number;
  /** The longest interval, however costly a draw is. */
  maxMs: number;
  /** The share of the main thread drawing may take. */
  share: number;
  /**
   * The interval before any draw was measured (the first draws of a page's first reply); the
   * shortest one when not given.
   */
  startMs?: number;
}

/**
 * Drawing streamed text may take this share of the main thread (see docs/benchmarks.md). What a
 * draw is measured to cost leaves out the work each draw brings outside its frame (the pull, the
 * worker's batch, the pacing timers: about 1.4× the measured cost in the bench's trace), so the
 * share is kept below the 2.5% drawing may really take.
 */
export const drawShare = 0.02;
/** Streamed text is drawn at least this often, however costly a draw. */
export const slowestDrawIntervalMs = 300;

/**
 * Until a draw was measured, streamed text is drawn this often: the middle of the range, not its
 * fast end, so a page's first reply does not start by drawing (and pulling) at the pace of the
 * cheapest draw on a device it knows nothing about yet.
 */
export const firstDrawIntervalMs = 100;

/** A draw's cost counts at most this much: one long task (a collection, a tab switch) is not a trend. */
const maxSampleMs = 50;
/** Weight of the newest cost in the running estimate. */
const newestWeight = 0.3;

/** The running estimate of a draw's cost and the interval it gives. */
export class DrawPace {
  private costMs: number | undefined;
  private drawnAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: DrawPaceOptions) {}

  /** Records what one draw cost the main thread, in ms. */
  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const sample = Math.min(ms, maxSampleMs);
    this.costMs =
      this.costMs === undefined ? sample : this.costMs + newestWeight * (sample - this.costMs);
  }

  /** Notes when a draw ran (a `Date.now()` time): the pulls that feed draws are timed from it. */
  drew(at: number): void {
    this.drawnAt = at;
  }

  /** When the last draw ran (a `Date.now()` time; -Infinity before any). */
  lastDrawAt(): number {
    return this.drawnAt;
  }

  /** The estimated cost of a draw, once one was measured. */
  cost(): number | undefined {
    return this.costMs;
  }

  /** How long to wait between two draws now. */
  intervalMs(): number {
    const { minMs, maxMs, share, startMs = minMs } = this.options;
    const wanted = this.costMs === undefined ? startMs : this.costMs / share;
    return Math.round(Math.min(maxMs, Math.max(minMs, wanted)));
  }
}
