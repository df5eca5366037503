import type { RateLimitStore } from "./store.js";

/** Windows kept in this process; right for one process on SQLite, where no replica shares them. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    this.sweep(windowStart, windowMs);
    const current = this.windows.get(key);
    if (current && current.start === windowStart) {
      current.count += 1;
      return current.count;
    }
    this.windows.set(key, { start: windowStart, count: 1 });
    return 1;
  }

  /** Number of keys held; for tests and metrics. */
  get size(): number {
    return this.windows.size;
  }

  // Forget windows that ended, at most once per window, so memory tracks active callers only.
  private sweep(windowStart: number, windowMs: number): void {
    if (windowStart - this.lastSweep < windowMs) return;
    this.lastSweep = windowStart;
    for (const [key, value] of this.windows) {
      if (value.start < windowStart) this.windows.delete(key);
    }
  }
}
