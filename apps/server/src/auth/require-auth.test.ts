import { meResponseSchema } from "@a2a-chat/contracts";
import { base64url, decodeJwt, SignJWT } from "jose";
import { expect, it } from "vitest";
import { SessionsRepository } from "../db/repositories/sessions.js";
import { createTestApp, testSigningKey } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { anonymousSession, bearer } from "../test/tokens.js";
import { generateSigningKey } from "./signing-key.js";
import { TokenService } from "./token-service.js";

const message = "Invalid or expired JWT token";
const options = { issuer: "a2a-chat", audience: "a2a-chat", lifetimeSeconds: 3600 };

describeEachDialect("requireAuth on GET /api/v1/core/me", (get) => {
  const app = () => createTestApp(get());

  async function expect401(headers: Record<string, string>): Promise<void> {
    const res = await app().request("/api/v1/core/me", { headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "unauthorized", message });
  }

  /** A real session, plus claims to build forged tokens around it. */
  async function session() {
    const reply = await anonymousSession(app());
    const subject = {
      userId: reply.user_id,
      sessionId: reply.session_id,
      userType: "anon" as const,
      username: "Anonymous",
      email: null,
      scopes: ["anonymous"],
    };
    return { reply, subject };
  }

  it("lets a valid token through and says who it is", async () => {
    const { reply } = await session();
    const res = await app().request("/api/v1/core/me", { headers: bearer(reply.access_token) });
    expect(res.status).toBe(200);
    expect(meResponseSchema.parse(await res.json())).toEqual({
      user_id: reply.user_id,
      session_id: reply.session_id,
      user_type: "anon",
      username: "Anonymous",
      email: null,
      scopes: ["anonymous"],
    });
  });

  it("refuses a missing or malformed Authorization header", async () => {
    await expect401({});
    await expect401({ authorization: "Bearer" });
    await expect401({ authorization: "Basic dXNlcjpwYXNz" });
    await expect401(bearer("not-a-jwt"));
    await expect401(bearer("a.b.c"));
  });

  it("refuses an expired token", async () => {
    const { subject } = await session();
    const past = new TokenService(testSigningKey, options, () => Date.now() - 2 * 3600_000);
    await expect401(bearer((await past.issue(subject)).token));
  });

  it("refuses a token whose payload or signature was altered", async () => {
    const { reply } = await session();
    const [header, payload, signature] = reply.access_token.split(".") as [string, string, string];
    const claims = decodeJwt(reply.access_token);
    const forgedPayload = base64url.encode(JSON.stringify({ ...claims, scope: "admin" }));
    await expect401(bearer(`${header}.${forgedPayload}.${signature}`));
    const flipped = signature.slice(0, -2) + (signature.endsWith("AA") ? "BB" : "AA");
    await expect401(bearer(`${header}.${payload}.${flipped}`));
  });

  it("refuses a token signed by an unknown key", async () => {
    const { subject } = await session();
    const other = (await generateSigningKey()).key;
    await expect401(bearer((await new TokenService(other, options).issue(subject)).token));
  });

  it("refuses a known kid on a token signed by another key", async () => {
    const { reply } = await session();
    const other = (await generateSigningKey()).key;
    const token = await new SignJWT(decodeJwt(reply.access_token))
      .setProtectedHeader({ alg: "ES256", kid: testSigningKey.kid })
      .sign(other.privateKey);
    await expect401(bearer(token));
  });

  it("refuses alg none and HS-family tokens", async () => {
    const { reply } = await session();
    const claims = decodeJwt(reply.access_token);
    const none = `${base64url.encode(JSON.stringify({ alg: "none", kid: testSigningKey.kid }))}.${base64url.encode(JSON.stringify(claims))}.`;
    await expect401(bearer(none));
    // The classic confusion attack: the public key used as an HMAC secret.
    const secret = new TextEncoder().encode(JSON.stringify(testSigningKey.publicJwk));
    for (const alg of ["HS256", "HS384", "HS512"]) {
      const hs = await new SignJWT(claims)
        .setProtectedHeader({ alg, kid: testSigningKey.kid })
        .sign(secret);
      await expect401(bearer(hs));
    }
  });

  it("refuses a wrong issuer or audience", async () => {
    const { subject } = await session();
    const wrongIss = new TokenService(testSigningKey, { ...options, issuer: "evil" });
    await expect401(bearer((await wrongIss.issue(subject)).token));
    const wrongAud = new TokenService(testSigningKey, { ...options, audience: "other-app" });
    await expect401(bearer((await wrongAud.issue(subject)).token));
  });

  it("refuses a token of a revoked session", async () => {
    const { reply } = await session();
    await new SessionsRepository(get().db.kysely).revoke(reply.session_id);
    await expect401(bearer(reply.access_token));
  });

  it("refuses a token that pairs a user with someone else's session", async () => {
    const a = await session();
    const b = await session();
    const mixed = await new TokenService(testSigningKey, options).issue({
      ...a.subject,
      sessionId: b.reply.session_id,
    });
    await expect401(bearer(mixed.token));
  });

  it("refuses a token for a session that never existed", async () => {
    const { subject } = await session();
    const ghost = await new TokenService(testSigningKey, options).issue({
      ...subject,
      sessionId: "00000000-0000-4000-8000-000000000000",
    });
    await expect401(bearer(ghost.token));
  });
});
