import type { Context, MiddlewareHandler } from "hono";
import { bearerToken } from "../auth/require-auth.js";
import type { Config } from "../config/schema.js";
import type { AppEnv } from "../http/env.js";
import { AppError, errorResponse } from "../http/errors.js";
import { requestHeader } from "../http/request-header.js";
import { clientIp } from "./client-ip.js";
import { countHit, type LimitVerdict, rateLimit } from "./rate-limit.js";
import type { RateLimitStore } from "./store.js";

/** Headers a push from an agent may carry its token in, besides Authorization. */
const tokenHeaders = ["x-a2a-notification-token"];

function carriesToken(c: Context<AppEnv>): boolean {
  if (bearerToken(requestHeader(c, "authorization")) !== undefined) return true;
  return tokenHeaders.some((name) => requestHeader(c, name) !== undefined);
}

/**
 * The per-IP limit of everything a valid token does not pay for: requests without a token
 * (public endpoints) are counted before they run; requests whose token is refused (401) are
 * counted when refused, and past the limit answered 429 instead. Requests with a valid token
 * count only against their user's limit. The IP is the socket's, or X-Forwarded-For's as far
 * as server.trustProxyHops allows.
 */
export function publicRateLimit(config: Config, store: RateLimitStore): MiddlewareHandler<AppEnv> {
  const limiter = rateLimit({
    store,
    limit: config.rateLimit.publicRequestsPerIp,
    windowSeconds: config.rateLimit.windowSeconds,
    keyOf: (c) => publicLimitKey(clientIp(c, config.server.trustProxyHops)),
  });
  return async (c, next) => {
    if (!carriesToken(c)) return limiter(c, next);
    await next();
    if (c.res.status !== 401) return;
    try {
      await limiter(c, async () => undefined);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      c.res = errorResponse(c, error.code, error.message, error.headers);
    }
  };
}

/** The per-IP public counter's key of an IP. */
export function publicLimitKey(ip: string): string {
  return `ip:${ip}:public`;
}

/**
 * Counts a request without a token against the same per-IP public limit as the middleware above,
 * for a path answered before Hono (/health); undefined when the limit is off.
 */
export function countPublicHit(
  config: Config,
  store: RateLimitStore,
  ip: string,
): Promise<LimitVerdict> | undefined {
  return countHit(
    {
      store,
      limit: config.rateLimit.publicRequestsPerIp,
      windowSeconds: config.rateLimit.windowSeconds,
    },
    publicLimitKey(ip),
  );
}
