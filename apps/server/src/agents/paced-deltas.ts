/**
 * How often, at most, a reply's streamed text goes out. Each piece published is an SDK event
 * (load, merge, save), a server-sent event and a socket write, and a browser paints at most
 * once a frame (~16 ms) anyway: text arriving within this window joins the pending piece.
 */
export const replyDeltaIntervalMs = 16;

export interface PacedDeltasOptions {
  /** Publishes one piece of text (in order; never empty). */
  publish: (text: string) => void;
  intervalMs?: number;
  /** A monotonic clock in milliseconds (tests pass a fake one). */
  now?: () => number;
}

/**
 * A reply's text deltas, published at most every `intervalMs`. A delta arriving when nothing
 * was published within the interval goes out at once (a slow model's tokens are not delayed,
 * nor is the first); one arriving sooner joins the pending text, which a timer publishes when
 * the interval is up. The owner calls `flush()` before anything else it publishes (an artifact,
 * a status, the final event), so text and other events keep their order; `flush()` also
 * clears the timer, so nothing is published after the owner's last flush.
 */
export class PacedDeltas {
  private pending = "";
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  /** What publishing from the timer threw: thrown to the owner by its next call. */
  private failure: { error: unknown } | undefined;
  private readonly publish: (text: string) => void;
  private readonly intervalMs: number;
  private readonly now: () => number;

  constructor(options: PacedDeltasOptions) {
    this.publish = options.publish;
    this.intervalMs = options.intervalMs ?? replyDeltaIntervalMs;
    this.now = options.now ?? (() => performance.now());
  }

  /** Adds a delta: published now, or joined to the pending text and published within the interval. */
  add(text: string): void {
    this.rethrow();
    if (text === "") return;
    this.pending += text;
    if (this.timer) return;
    const wait = this.lastAt + this.intervalMs - this.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      try {
        this.flush();
      } catch (error) {
        this.failure ??= { error };
      }
    }, wait);
  }

  /** Publishes the pending text now (if any) and clears the timer. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.rethrow();
    if (this.pending === "") return;
    const text = this.pending;
    this.pending = "";
    this.lastAt = this.now();
    this.publish(text);
  }

  private rethrow(): void {
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure.error;
  }
}
