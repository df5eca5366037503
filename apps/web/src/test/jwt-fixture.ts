function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT-shaped token with the given claims, for tests (the client never verifies). */
export function makeJwt(claims: Record<string, unknown>): string {
  const header = base64Url(JSON.stringify({ alg: "ES256", typ: "JWT" }));
  return `${header}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

/** Claims the server puts in an anonymous token. */
export function anonymousClaims(userId: string, sessionId: string, expSeconds = 4_000_000_000) {
  return {
    sub: userId,
    session_id: sessionId,
    scope: "anonymous",
    user_type: "anon",
    username: "Anonymous",
    iat: expSeconds - 3600,
    exp: expSeconds,
    iss: "a2a-chat",
    aud: "a2a-chat",
    jti: `jti-${userId}`,
  };
}

/** A token reply as POST /api/v1/core/oauth/session sends it. */
export function anonymousReply(userId: string, sessionId = `session-${userId}`, expiresIn = 3600) {
  return {
    access_token: makeJwt(anonymousClaims(userId, sessionId)),
    token_type: "Bearer" as const,
    user_id: userId,
    session_id: sessionId,
    expires_in: expiresIn,
  };
}
