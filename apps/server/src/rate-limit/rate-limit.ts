import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.js";
import { AppError } from "../http/errors.js";
import type { RateLimitStore } from "./store.js";

/** The message of every 429, as the client shows it. */
export const rateLimitedMessage = "Rate limit exceeded. Please wait a moment and try again.";

export interface RateLimitOptions {
  store: RateLimitStore;
  /** Hits allowed per window; 0 turns the limit off. */
  limit: number;
  windowSeconds: number;
  /** The counter a request is charged to, e.g. "ip:1.2.3.4:session" or "user:<id>". */
  keyOf: (c: Context<AppEnv>) => string;
  /** The 429's message; rateLimitedMessage unless a route says more. */
  message?: string;
  now?: () => number;
}

/** What one counted hit leaves: the limit, what remains, and the wait once past it. */
export interface LimitVerdict {
  limit: number;
  remaining: number;
  /** Set once the hit went past the limit: seconds until its window ends (at least 1). */
  retryAfterSeconds?: number;
}

/**
 * Counts one hit against a key in fixed windows; undefined when the limit is off (0). Shared by
 * the middleware below and the /health fast path, which must count alike.
 */
export function countHit(
  options: Pick<RateLimitOptions, "store" | "limit" | "windowSeconds" | "now">,
  key: string,
): Promise<LimitVerdict> | undefined {
  if (options.limit <= 0) return undefined;
  const windowMs = options.windowSeconds * 1000;
  const at = (options.now ?? Date.now)();
  const windowStart = Math.floor(at / windowMs) * windowMs;
  return options.store.hit(key, windowStart, windowMs).then((count) => {
    const verdict: LimitVerdict = {
      limit: options.limit,
      remaining: Math.max(0, options.limit - count),
    };
    if (count > options.limit) {
      verdict.retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
    }
    return verdict;
  });
}

/** A counted hit's reply headers as a flat name, value list: the limit, what remains, and Retry-After past it. */
export function limitHeaderPairs(verdict: LimitVerdict): string[] {
  const pairs = [
    "RateLimit-Limit",
    String(verdict.limit),
    "RateLimit-Remaining",
    String(verdict.remaining),
  ];
  if (verdict.retryAfterSeconds !== undefined) {
    pairs.push("Retry-After", String(verdict.retryAfterSeconds));
  }
  return pairs;
}

/** The per-user API counter's key of a user. */
export function userLimitKey(userId: string): string {
  return `user:${userId}`;
}

/** Fixed-window limiter: past the limit, 429 with Retry-After until the window ends. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const counted = countHit(options, options.keyOf(c));
    if (counted === undefined) return next();
    const verdict = await counted;
    c.header("RateLimit-Limit", String(verdict.limit));
    c.header("RateLimit-Remaining", String(verdict.remaining));
    if (verdict.retryAfterSeconds !== undefined) {
      throw new AppError("rate_limited", options.message ?? rateLimitedMessage, {
        "Retry-After": String(verdict.retryAfterSeconds),
      });
    }
    return next();
  };
}
