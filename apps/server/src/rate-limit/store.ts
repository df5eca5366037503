/** Counts hits per key in fixed windows. */
export interface RateLimitStore {
  /** Adds one hit to the key's window starting at windowStart (epoch ms); returns its new count. */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
}
