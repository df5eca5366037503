/** A decoded, unverified JWT payload: `sub` is guaranteed, everything else must be checked. */
export type JwtPayload = { sub: string } & Record<string, unknown>;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=");
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/**
 * Reads a JWT's payload WITHOUT verifying its signature: the server verifies every request, the
 * client only needs the claims to show who is signed in.
 */
export function decodeJwt(token: string): JwtPayload {
  const parts = token.split(".");
  if (parts.length !== 3) {
    throw new Error("Invalid JWT format: expected 3 parts separated by dots");
  }
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1] ?? ""));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Failed to decode JWT: ${reason}`);
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
    throw new Error("Failed to decode JWT: payload is not a JSON object");
  }
  const claims = payload as Record<string, unknown>;
  if (typeof claims.sub !== "string" || claims.sub.length === 0) {
    throw new Error('JWT missing required "sub" claim (user ID)');
  }
  return claims as JwtPayload;
}

/** The user id (`sub`) of a token. */
export function readUserId(token: string): string {
  return decodeJwt(token).sub;
}

/** The session id of a token; throws when the token has none. */
export function readSessionId(token: string): string {
  const value = decodeJwt(token).session_id;
  if (typeof value !== "string" || value.length === 0) {
    throw new Error('JWT missing required "session_id" claim');
  }
  return value;
}

/** The e-mail of a token; throws when the token has none (anonymous tokens never do). */
export function readEmail(token: string): string {
  const value = decodeJwt(token).email;
  if (typeof value !== "string" || value.length === 0) {
    throw new Error('JWT missing required "email" claim');
  }
  return value;
}

/**
 * Whether a token is expired at `now` (ms). Takes either an expiry timestamp in ms (the stored
 * tokenExpiry) or the token itself (its `exp` claim). Anything unreadable counts as expired.
 */
export function isTokenExpired(
  tokenOrExpiryMs: string | number | null | undefined,
  now: number = Date.now(),
): boolean {
  if (typeof tokenOrExpiryMs === "number") return now >= tokenOrExpiryMs;
  if (!tokenOrExpiryMs) return true;
  try {
    const exp = decodeJwt(tokenOrExpiryMs).exp;
    return typeof exp !== "number" || now >= exp * 1000;
  } catch {
    return true;
  }
}
