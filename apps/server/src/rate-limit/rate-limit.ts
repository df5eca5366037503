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

/** Fixed-window limiter: past the limit, 429 with Retry-After until the window ends. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const windowMs = options.windowSeconds * 1000;
  const now = options.now ?? Date.now;
  return async (c, next) => {
    if (options.limit <= 0) return next();
    const at = now();
    const windowStart = Math.floor(at / windowMs) * windowMs;
    const count = await options.store.hit(options.keyOf(c), windowStart, windowMs);
    const remaining = Math.max(0, options.limit - count);
    c.header("RateLimit-Limit", String(options.limit));
    c.header("RateLimit-Remaining", String(remaining));
    if (count > options.limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
      throw new AppError("rate_limited", options.message ?? rateLimitedMessage, {
        "Retry-After": String(retryAfter),
      });
    }
    return next();
  };
}
