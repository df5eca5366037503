import { authorizationCodeReplySchema, webClientId } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { accountClient, testRedirectUri } from "../test/accounts.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { bearer } from "../test/tokens.js";
import { pruneExpiredRecords } from "./expired-records.js";

const minute = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describeEachDialect("pruning spent sign-in records", (get) => {
  const db = () => get().db.kysely;
  const ids = async (table: "webauthn_challenges" | "oauth_codes" | "refresh_tokens") => {
    const rows =
      table === "webauthn_challenges"
        ? await db().selectFrom(table).select("id as key").execute()
        : table === "oauth_codes"
          ? await db().selectFrom(table).select("code_hash as key").execute()
          : await db().selectFrom(table).select("token_hash as key").execute();
    return rows.map((row) => row.key).sort();
  };

  it("removes expired ceremonies, codes and refresh tokens and keeps everything still usable", async () => {
    const app = createTestApp(get());
    const client = accountClient(app);
    const who = { username: "prune_ada", email: "prune.ada@example.com" };

    // A live account: its refresh token must keep working after the prune.
    const live = await client.signUp(who);
    // A second session whose refresh token expired, a third signed out.
    const expired = await client.signIn(who.email);
    const signedOut = await client.signIn(who.email);
    await app.request("/api/v1/core/oauth/revoke", {
      method: "POST",
      headers: bearer(signedOut.access_token),
    });
    await db()
      .updateTable("refresh_tokens")
      .set({ expires_at: ago(1000) })
      .where("session_id", "=", expired.session_id)
      .execute();

    // A ceremony verified at the last moment: expired, yet it may still become a code.
    const { userId, pkce } = await client.signInCeremony(who.email);
    // A ceremony long past both its expiry and the completion window.
    const stale = await client.authStart(who.email, "stale-state");
    const staleId = ((await stale.json()) as { challenge_id: string }).challenge_id;
    await db()
      .updateTable("webauthn_challenges")
      .set({ expires_at: ago(4 * minute) })
      .where("user_id", "=", userId)
      .where("oauth_state", "=", pkce.state)
      .execute();
    await db()
      .updateTable("webauthn_challenges")
      .set({ expires_at: ago(11 * minute) })
      .where("id", "=", staleId)
      .execute();

    // An authorization code left unexchanged past its minute.
    const other = await client.signInCeremony(who.email);
    const unused = authorizationCodeReplySchema.parse(
      await (await client.complete(client.completeQuery(other.userId, other.pkce))).json(),
    );
    await db()
      .updateTable("oauth_codes")
      .set({ expires_at: ago(1000) })
      .execute();

    const challengesBefore = await ids("webauthn_challenges");
    const codesBefore = await ids("oauth_codes");
    const tokensBefore = await ids("refresh_tokens");

    // Two replicas prune at the same moment: every row goes once, nothing fails.
    const [a, b] = await Promise.all([pruneExpiredRecords(db()), pruneExpiredRecords(db())]);
    const total = {
      challenges: a.challenges + b.challenges,
      codes: a.codes + b.codes,
      refreshTokens: a.refreshTokens + b.refreshTokens,
    };
    expect(total).toEqual({ challenges: 1, codes: codesBefore.length, refreshTokens: 2 });
    expect(await ids("webauthn_challenges")).toEqual(
      challengesBefore.filter((id) => id !== staleId),
    );
    expect(await ids("oauth_codes")).toEqual([]);
    expect(await ids("refresh_tokens")).toHaveLength(tokensBefore.length - 2);
    expect(await pruneExpiredRecords(db())).toEqual({
      challenges: 0,
      codes: 0,
      refreshTokens: 0,
    });

    // What remains still works: the live refresh token and the late-verified ceremony.
    const refreshed = await client.token({
      grant_type: "refresh_token",
      refresh_token: String(live.refresh_token),
      client_id: webClientId,
    });
    expect(refreshed.status).toBe(200);
    expect((await client.complete(client.completeQuery(userId, pkce))).status).toBe(200);
    // What went is refused as unknown.
    const gone = await client.token({
      grant_type: "authorization_code",
      code: unused.authorization_code,
      client_id: webClientId,
      redirect_uri: testRedirectUri,
      code_verifier: other.pkce.verifier,
    });
    expect(await gone.json()).toMatchObject({
      error: "invalid_grant",
      error_description: "The authorization code is unknown or expired",
    });
    const expiredRefresh = await client.token({
      grant_type: "refresh_token",
      refresh_token: String(expired.refresh_token),
      client_id: webClientId,
    });
    expect(await expiredRefresh.json()).toMatchObject({
      error: "invalid_grant",
      error_description: "The refresh token is unknown or expired",
    });
  });
});
