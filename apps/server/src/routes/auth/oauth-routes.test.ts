import { defaultTokenLifetimeSeconds, tokenClaimsSchema } from "@a2a-chat/contracts";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { expect, it } from "vitest";
import { SessionsRepository } from "../../db/repositories/sessions.js";
import { UsersRepository } from "../../db/repositories/users.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

describeEachDialect("POST /api/v1/core/oauth/session", (get) => {
  const app = () => createTestApp(get());
  const users = () => new UsersRepository(get().db.kysely);

  it("creates an anonymous user and session and returns a bearer token", async () => {
    const before = await users().count();
    const reply = await anonymousSession(app());
    expect(reply.token_type).toBe("Bearer");
    expect(reply.expires_in).toBe(defaultTokenLifetimeSeconds);
    expect(await users().count()).toBe(before + 1);
    const user = await users().findById(reply.user_id);
    expect(user).toMatchObject({ user_type: "anon", username: "Anonymous", email: null });
    const session = await new SessionsRepository(get().db.kysely).findById(reply.session_id);
    expect(session).toMatchObject({ user_id: reply.user_id, revoked_at: null });
  });

  it("signs ES256 with a kid and carries every claim", async () => {
    const reply = await anonymousSession(app());
    const header = decodeProtectedHeader(reply.access_token);
    expect(header.alg).toBe("ES256");
    expect(header.kid).toEqual(expect.any(String));
    const claims = tokenClaimsSchema.parse(decodeJwt(reply.access_token));
    expect(claims).toMatchObject({
      sub: reply.user_id,
      session_id: reply.session_id,
      scope: "anonymous",
      user_type: "anon",
      username: "Anonymous",
      iss: "a2a-chat",
      aud: "a2a-chat",
    });
    expect(claims.email).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(defaultTokenLifetimeSeconds);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives every token a new jti and every visitor a new user", async () => {
    const a = await anonymousSession(app());
    const b = await anonymousSession(app());
    expect(a.user_id).not.toBe(b.user_id);
    expect(decodeJwt(a.access_token).jti).not.toBe(decodeJwt(b.access_token).jti);
  });

  it("uses the configured lifetime for exp and expires_in", async () => {
    const short = createTestApp(get(), { config: { auth: { tokenLifetimeSeconds: 120 } } });
    const reply = await anonymousSession(short);
    expect(reply.expires_in).toBe(120);
    const claims = decodeJwt(reply.access_token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(120);
  });

  it("issues tokens that verify against the published JWKS", async () => {
    const reply = await anonymousSession(app());
    const res = await app().request("/.well-known/jwks.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const jwks = (await res.json()) as { keys: { kid: string; kty: string; d?: string }[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]?.d).toBeUndefined();
    const { payload } = await jwtVerify(reply.access_token, createLocalJWKSet(jwks), {
      issuer: "a2a-chat",
      audience: "a2a-chat",
    });
    expect(payload.sub).toBe(reply.user_id);
  });

  it("refuses malformed JSON and writes nothing", async () => {
    const before = await users().count();
    const res = await app().request("/api/v1/core/oauth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_json",
      message: "Request body is not valid JSON",
    });
    expect(await users().count()).toBe(before);
  });

  it("refuses a non-empty body or another content type and writes nothing", async () => {
    const before = await users().count();
    const withBody = await app().request("/api/v1/core/oauth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user_id: "someone-else" }),
    });
    expect(withBody.status).toBe(400);
    expect(await withBody.json()).toEqual({
      error: "validation_failed",
      message: "This endpoint takes an empty body",
    });
    const text = await app().request("/api/v1/core/oauth/session", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(text.status).toBe(415);
    expect(await users().count()).toBe(before);
  });

  it("accepts an empty JSON object", async () => {
    const res = await app().request("/api/v1/core/oauth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
  });
});

describeEachDialect("POST /api/v1/core/oauth/revoke", (get) => {
  it("revokes the caller's session so its token stops working", async () => {
    const app = createTestApp(get());
    const reply = await anonymousSession(app);
    expect(
      (await app.request("/api/v1/core/me", { headers: bearer(reply.access_token) })).status,
    ).toBe(200);
    const revoke = await app.request("/api/v1/core/oauth/revoke", {
      method: "POST",
      headers: bearer(reply.access_token),
    });
    expect(revoke.status).toBe(204);
    expect(await revoke.text()).toBe("");
    const after = await app.request("/api/v1/core/me", { headers: bearer(reply.access_token) });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      error: "unauthorized",
      message: "Invalid or expired JWT token",
    });
  });

  it("needs a valid token", async () => {
    const res = await createTestApp(get()).request("/api/v1/core/oauth/revoke", { method: "POST" });
    expect(res.status).toBe(401);
  });
});
