import { invalidTokenMessage, parseScopes, type TokenClaims } from "@a2a-chat/contracts";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.js";
import { AppError } from "../http/errors.js";
import { requestHeader } from "../http/request-header.js";
import type { SessionCheck } from "./active-session-cache.js";
import type { AuthContext } from "./auth-context.js";
import { InvalidTokenError, type TokenService } from "./token-service.js";

/** Reads the token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** The caller a verified token names. */
export function authContextOf(claims: TokenClaims): AuthContext {
  return {
    userId: claims.sub,
    sessionId: claims.session_id,
    userType: claims.user_type,
    username: claims.username,
    email: claims.email ?? null,
    scopes: parseScopes(claims.scope),
  };
}

/** Where a route finds the caller's token; the default is the Authorization bearer header. */
export type TokenReader = (c: Context<AppEnv>) => string | undefined;

const fromAuthorization: TokenReader = (c) => bearerToken(requestHeader(c, "authorization"));

/**
 * Verifies a token and its session: the caller it names, or the 401 every failure gets alike, so a
 * caller learns nothing about why.
 */
export async function authenticate(
  c: Context<AppEnv>,
  token: string | undefined,
  tokens: TokenService,
  sessions: SessionCheck,
): Promise<AuthContext> {
  if (!token) throw new AppError("unauthorized", invalidTokenMessage);
  let claims: Awaited<ReturnType<TokenService["verify"]>>;
  try {
    claims = tokens.verifiedBefore(token) ?? (await tokens.verify(token));
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    c.get("log").debug({ reason: error.message }, "token rejected");
    throw new AppError("unauthorized", invalidTokenMessage);
  }
  // Known answers are taken at once: a request need not wait on a promise for a cache hit.
  const active =
    sessions.knownActive?.(claims.session_id, claims.sub) ||
    (await sessions.isActive(claims.session_id, claims.sub));
  if (!active) {
    c.get("log").debug({ sessionId: claims.session_id }, "token of an inactive session");
    throw new AppError("unauthorized", invalidTokenMessage);
  }
  return authContextOf(claims);
}

/**
 * The one gate of every protected route: the bearer token must verify and its session must be
 * active. A token already verified for this request before its body was read (tokenFirst) is
 * not verified again.
 */
export function requireAuth(
  tokens: TokenService,
  sessions: SessionCheck,
  readToken: TokenReader = fromAuthorization,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readToken(c);
    if (token === undefined || token !== c.get("verifiedToken")) {
      c.set("auth", await authenticate(c, token, tokens, sessions));
    }
    await next();
  };
}
