import { type OAuthErrorCode, oauthErrorStatus } from "@a2a-chat/contracts";
import type { Context } from "hono";
import type { AppEnv } from "../http/env.js";
import { AppError, handleError } from "../http/errors.js";

/** An error of the passkey and token endpoints, answered as {error, error_description}. */
export class OAuthError extends Error {
  override name = "OAuthError";
  constructor(
    readonly code: OAuthErrorCode,
    description: string,
  ) {
    super(description);
  }
}

/**
 * Error handler of the passkey and token routes: OAuthErrors in the OAuth shape (RFC 6749 §5.2),
 * with `message` too so generic API clients read them. AppErrors (a rate limit, for one) keep
 * their code and status and get the same shape; anything else is answered as every other route.
 */
export function handleOAuthError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) {
    c.header("Cache-Control", "no-store");
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(
      { error: error.code, error_description: error.message, message: error.message },
      error.status,
    );
  }
  if (!(error instanceof OAuthError)) return handleError(error, c);
  c.header("Cache-Control", "no-store");
  if (error.code === "invalid_client") c.header("WWW-Authenticate", 'Basic realm="oauth"');
  return c.json(
    { error: error.code, error_description: error.message, message: error.message },
    oauthErrorStatus[error.code],
  );
}
