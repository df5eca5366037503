import type { Context, MiddlewareHandler } from "hono";
import type { SessionCheck } from "../../auth/active-session-cache.js";
import { authenticate, type TokenReader } from "../../auth/require-auth.js";
import type { TokenService } from "../../auth/token-service.js";
import type { AppEnv } from "../env.js";
import { methodsWithBody } from "./json-body.js";

/** Largest body a write to a public path (no token needed) may send: passkeys, forms, beacons. */
export const publicBodyLimitBytes = 65_536;

/** What tokenFirst needs: the token service, the session check and where writes need no token. */
export interface TokenFirstDeps {
  tokens: TokenService;
  sessions: SessionCheck;
  /** Where a token may be carried (every header a protected route reads one from). */
  readToken: TokenReader;
  /** Paths whose writes need no token (anonymous sessions, passkeys, the token endpoint...). */
  isPublicPath: (path: string) => boolean;
  /** The body limit of a write with a valid token. */
  limitBytes: number;
}

/**
 * Runs before any body is read, so a request without a valid token costs no parse: a write to a
 * protected path that carries a token has it verified now (401 at once when it does not verify,
 * before the per-IP limit counts it); the route's requireAuth then takes the verified caller.
 * `bodyLimitOf` says how much of a body may then be read: the full limit with a verified token,
 * at most publicBodyLimitBytes on a public path, and nothing on a protected path without a token
 * (its route answers 401, or 404, without the body).
 */
export function tokenFirst(deps: TokenFirstDeps): {
  verify: MiddlewareHandler<AppEnv>;
  bodyLimitOf: (c: Context<AppEnv>) => number | undefined;
} {
  const verify: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!methodsWithBody.has(c.req.method) || deps.isPublicPath(c.req.path)) return next();
    const token = deps.readToken(c);
    if (token === undefined) return next();
    c.set("auth", await authenticate(c, token, deps.tokens, deps.sessions));
    c.set("verifiedToken", token);
    return next();
  };
  const bodyLimitOf = (c: Context<AppEnv>): number | undefined => {
    if (deps.isPublicPath(c.req.path)) return Math.min(publicBodyLimitBytes, deps.limitBytes);
    return c.get("verifiedToken") === undefined ? undefined : deps.limitBytes;
  };
  return { verify, bodyLimitOf };
}
