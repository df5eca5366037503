import { expect, it } from "vitest";
import { SessionsRepository } from "../db/repositories/sessions.js";
import { UsersRepository } from "../db/repositories/users.js";
import { testSigningKey } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { startAnonymousSession } from "./anonymous-session.js";
import { TokenService } from "./token-service.js";

const options = { issuer: "a2a-chat", audience: "a2a-chat", lifetimeSeconds: 3600 };
const dayMs = 86_400_000;

describeEachDialect("startAnonymousSession", (get) => {
  const deps = (now = () => new Date()) => ({
    db: get().db.kysely,
    tokens: new TokenService(testSigningKey, options, () => now().getTime()),
    renewalWindowMs: 30 * dayMs,
    now,
  });

  it("renews an expired anonymous token for the same user and session", async () => {
    const twoHoursAgo = () => new Date(Date.now() - 2 * 3600_000);
    const first = await startAnonymousSession(deps(twoHoursAgo));
    await expect(deps().tokens.verify(first.access_token)).rejects.toThrow();
    const users = await new UsersRepository(get().db.kysely).count();

    const renewed = await startAnonymousSession(deps(), first.access_token);
    expect(renewed.user_id).toBe(first.user_id);
    expect(renewed.session_id).toBe(first.session_id);
    expect(renewed.access_token).not.toBe(first.access_token);
    await expect(deps().tokens.verify(renewed.access_token)).resolves.toMatchObject({
      sub: first.user_id,
    });
    expect(await new UsersRepository(get().db.kysely).count()).toBe(users);
  });

  it("starts a new user when the previous session was revoked", async () => {
    const first = await startAnonymousSession(deps());
    await new SessionsRepository(get().db.kysely).revoke(first.session_id);
    const next = await startAnonymousSession(deps(), first.access_token);
    expect(next.user_id).not.toBe(first.user_id);
  });

  it("starts a new user when the renewal window has passed", async () => {
    const longAgo = () => new Date(Date.now() - 31 * dayMs);
    const first = await startAnonymousSession(deps(longAgo));
    const next = await startAnonymousSession(deps(), first.access_token);
    expect(next.user_id).not.toBe(first.user_id);
  });

  it("does not renew signed-in users or forged tokens", async () => {
    const first = await startAnonymousSession(deps());
    const signedIn = await deps().tokens.issue({
      userId: first.user_id,
      sessionId: first.session_id,
      userType: "authenticated",
      username: "ada",
      email: "ada@example.com",
      scopes: ["user"],
    });
    expect((await startAnonymousSession(deps(), signedIn.token)).user_id).not.toBe(first.user_id);
    expect((await startAnonymousSession(deps(), "garbage")).user_id).not.toBe(first.user_id);
  });
});
