import { decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { testSigningKey } from "../test/app.js";
import { InvalidTokenError, TokenService } from "./token-service.js";

const options = { issuer: "a2a-chat", audience: "a2a-chat", lifetimeSeconds: 3600 };
const subject = {
  userId: "user-1",
  sessionId: "session-1",
  userType: "anon" as const,
  username: "Anonymous",
  email: null,
  scopes: ["anonymous", "chat"],
};

describe("TokenService.issue", () => {
  it("signs an ES256 JWT that jose verifies against the published key", async () => {
    const now = Date.UTC(2026, 0, 1);
    const { token, expiresIn } = await new TokenService(testSigningKey, options, () => now).issue({
      ...subject,
      email: "a@example.com",
    });
    expect(expiresIn).toBe(3600);
    expect(decodeProtectedHeader(token)).toEqual({
      alg: "ES256",
      kid: testSigningKey.kid,
      typ: "JWT",
    });
    const { payload } = await jwtVerify(token, testSigningKey.publicKey, {
      algorithms: ["ES256"],
      issuer: "a2a-chat",
      audience: "a2a-chat",
      currentDate: new Date(now),
    });
    expect(payload).toEqual({
      sub: "user-1",
      session_id: "session-1",
      scope: "anonymous chat",
      user_type: "anon",
      username: "Anonymous",
      email: "a@example.com",
      iss: "a2a-chat",
      aud: "a2a-chat",
      iat: now / 1000,
      exp: now / 1000 + 3600,
      jti: expect.any(String),
    });
  });

  it("knows its own fresh token as verified, with the claims a full check gives", async () => {
    const issuer = new TokenService(testSigningKey, options);
    const { token } = await issuer.issue(subject);
    const known = issuer.verifiedBefore(token);
    expect(known).toBeDefined();
    // Another replica (its own cache, empty) verifies the signature and gets the same claims.
    expect(await new TokenService(testSigningKey, options).verify(token)).toEqual(known);
  });

  it("stops knowing its own token once it expired", async () => {
    let now = Date.now();
    const issuer = new TokenService(testSigningKey, options, () => now);
    const { token } = await issuer.issue(subject);
    now += 3600_000;
    expect(issuer.verifiedBefore(token)).toBeUndefined();
    await expect(issuer.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("does not take a changed token for its own", async () => {
    const issuer = new TokenService(testSigningKey, options);
    const { token } = await issuer.issue(subject);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload as string, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url")}.${signature}`;
    expect(issuer.verifiedBefore(forged)).toBeUndefined();
    await expect(issuer.verify(forged)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
