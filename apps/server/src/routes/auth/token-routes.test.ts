import { authorizationCodeReplySchema, tokenClaimsSchema, webClientId } from "@a2a-chat/contracts";
import { decodeJwt } from "jose";
import { expect, it } from "vitest";
import { grantAdmin } from "../../admin/admin-commands.js";
import { accountClient, passkeyLimitsOff, pkcePair, testRedirectUri } from "../../test/accounts.js";
import { createTestApp } from "../../test/app.js";
import { testConfig } from "../../test/config.js";
import { describeEachDialect } from "../../test/databases.js";
import { bearer } from "../../test/tokens.js";

let n = 0;
const person = () => {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return { username: `tok_${tag}`, email: `tok.${tag}@example.com` };
};

describeEachDialect("OAuth code + PKCE and refresh tokens", (get) => {
  const app = () => createTestApp(get(), { config: passkeyLimitsOff });
  const sessionCount = async () =>
    Number(
      (
        await get()
          .db.kysely.selectFrom("sessions")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A finished ceremony's authorization code, and what the exchange needs. */
  const codeFor = async (client: ReturnType<typeof accountClient>) => {
    const who = person();
    const { userId, pkce } = await client.register(who);
    const res = await client.complete(client.completeQuery(userId, pkce));
    expect(res.status).toBe(200);
    const reply = authorizationCodeReplySchema.parse(await res.json());
    expect(reply.state).toBe(pkce.state);
    const fields = {
      grant_type: "authorization_code",
      code: reply.authorization_code,
      client_id: webClientId,
      redirect_uri: testRedirectUri,
      code_verifier: pkce.verifier,
    };
    return { who, userId, pkce, fields };
  };

  /** The exact refusal: status, OAuth error code and description. */
  const refused = async (res: Response, status: number, error: string, description: string) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: string; error_description: string };
    expect(body).toMatchObject({ error, error_description: description });
  };

  it("exchanges a code for a signed-in token with scope user and a refresh token", async () => {
    const a = app();
    const client = accountClient(a);
    const { who, userId, fields } = await codeFor(client);
    const res = await client.token(fields);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const reply = (await res.json()) as Record<string, unknown>;
    expect(reply).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      scope: "user",
      user_id: userId,
    });
    const claims = tokenClaimsSchema.parse(decodeJwt(String(reply.access_token)));
    expect(claims).toMatchObject({
      sub: userId,
      scope: "user",
      user_type: "authenticated",
      username: who.username,
      email: who.email,
    });
    const me = await a.request("/api/v1/core/me", { headers: bearer(String(reply.access_token)) });
    expect(await me.json()).toMatchObject({
      user_id: userId,
      user_type: "authenticated",
      scopes: ["user"],
    });
  });

  it("refuses a code used twice, and the second use changes nothing", async () => {
    const client = accountClient(app());
    const { fields } = await codeFor(client);
    expect((await client.token(fields)).status).toBe(200);
    const sessions = await sessionCount();
    await refused(
      await client.token(fields),
      400,
      "invalid_grant",
      "The authorization code was already used",
    );
    expect(await sessionCount()).toBe(sessions);
  });

  it("refuses a wrong verifier, another redirect_uri, an unknown client, and keeps the code usable", async () => {
    const client = accountClient(app());
    const { fields } = await codeFor(client);
    const sessions = await sessionCount();
    await refused(
      await client.token({ ...fields, code_verifier: pkcePair().verifier }),
      400,
      "invalid_grant",
      "The code_verifier does not match the code_challenge",
    );
    await refused(
      await client.token({ ...fields, redirect_uri: "http://localhost:8080/auth/callback/other" }),
      400,
      "invalid_grant",
      "redirect_uri differs from the authorization request",
    );
    await refused(
      await client.token({ ...fields, client_id: "evil_app" }),
      401,
      "invalid_client",
      "Unknown client_id",
    );
    await refused(
      await client.token({ ...fields, code: "not-a-code" }),
      400,
      "invalid_grant",
      "The authorization code is unknown or expired",
    );
    expect(await sessionCount()).toBe(sessions);
    // None of those spent the code: the rightful request still works.
    expect((await client.token(fields)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const client = accountClient(app());
    const { fields } = await codeFor(client);
    await get()
      .db.kysely.updateTable("oauth_codes")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await refused(
      await client.token(fields),
      400,
      "invalid_grant",
      "The authorization code is unknown or expired",
    );
  });

  it("refuses plain PKCE, an unknown client, a foreign redirect URI and another scope at complete", async () => {
    const client = accountClient(app());
    const { userId, pkce } = await client.register(person());
    const query = client.completeQuery(userId, pkce);
    const cases: [Record<string, string>, number, string, string][] = [
      [
        { code_challenge_method: "plain", code_challenge: pkce.verifier },
        400,
        "invalid_request",
        "PKCE with code_challenge_method=S256 is required",
      ],
      [
        { code_challenge_method: "" },
        400,
        "invalid_request",
        "PKCE with code_challenge_method=S256 is required",
      ],
      [{ client_id: "evil_app" }, 401, "invalid_client", "Unknown client_id"],
      [
        { redirect_uri: "https://evil.example/auth/callback" },
        400,
        "invalid_request",
        "redirect_uri is not registered for this client",
      ],
      [
        { redirect_uri: "http://localhost:8080/auth/callback?x=1" },
        400,
        "invalid_request",
        "redirect_uri is not registered for this client",
      ],
      [{ scope: "admin" }, 400, "invalid_scope", 'The only scope is "user"'],
      [
        { response_type: "token" },
        400,
        "unsupported_response_type",
        "Only response_type=code is supported",
      ],
      [
        { state: "another-state" },
        400,
        "invalid_grant",
        "No finished passkey sign-in matches this user and state",
      ],
      [
        { user_id: crypto.randomUUID() },
        400,
        "invalid_grant",
        "No finished passkey sign-in matches this user and state",
      ],
    ];
    for (const [change, status, error, description] of cases) {
      await refused(await client.complete({ ...query, ...change }), status, error, description);
    }
    // The ceremony is still there for the right request, and only once.
    expect((await client.complete(query)).status).toBe(200);
    await refused(
      await client.complete(query),
      400,
      "invalid_grant",
      "No finished passkey sign-in matches this user and state",
    );
  });

  it("refuses an unsupported grant, a JSON body and a missing grant type", async () => {
    const client = accountClient(app());
    await refused(
      await client.token({ grant_type: "password" }),
      400,
      "unsupported_grant_type",
      "grant_type must be authorization_code or refresh_token",
    );
    await refused(await client.token({}), 400, "invalid_request", "grant_type is required");
    const asJson = await app().request("/api/v1/core/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token" }),
    });
    expect(asJson.status).toBe(415);
  });

  it("gives no admin scope to a registrant of an ADMIN_EMAILS address until the operator grants it", async () => {
    const admin = person();
    const listed = { ...passkeyLimitsOff, auth: { adminEmails: [admin.email.toUpperCase()] } };
    const client = accountClient(createTestApp(get(), { config: listed }));
    const scopesOf = (token: string) => tokenClaimsSchema.parse(decodeJwt(token)).scope;
    const refresh = async (c: ReturnType<typeof accountClient>, token: string) => {
      const res = await c.token({
        grant_type: "refresh_token",
        refresh_token: token,
        client_id: webClientId,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { access_token: string; refresh_token: string; scope: string };
    };

    // Registering the listed address proves nothing: no admin, at sign-in nor at refresh.
    const registered = await client.signUp(admin);
    expect(registered.scope).toBe("user");
    expect(scopesOf(registered.access_token)).toBe("user");
    const stillUser = await refresh(client, registered.refresh_token);
    expect(scopesOf(stillUser.access_token)).toBe("user");

    // The proof: the admin command, run by whoever controls the server.
    await grantAdmin({ db: get().db, config: testConfig(listed) }, admin.email);
    const granted = await refresh(client, stillUser.refresh_token);
    expect(granted.scope).toBe("user admin");
    expect(scopesOf(granted.access_token)).toBe("user admin");
    expect((await client.signIn(admin.email)).scope).toBe("user admin");

    // A grant outside a non-empty allow-list counts for nothing (removing an address demotes it).
    const elsewhere = accountClient(
      createTestApp(get(), {
        config: { ...passkeyLimitsOff, auth: { adminEmails: ["owner@example.com"] } },
      }),
      client.authenticator,
    );
    expect((await refresh(elsewhere, granted.refresh_token)).scope).toBe("user");

    const other = await accountClient(createTestApp(get(), { config: listed })).signUp(person());
    expect(other.scope).toBe("user");
  });

  it("rotates refresh tokens and ends the session when a rotated one comes back", async () => {
    const a = app();
    const client = accountClient(a);
    const { fields } = await codeFor(client);
    const first = (await (await client.token(fields)).json()) as Record<string, string>;
    const refresh = (token: string) =>
      client.token({ grant_type: "refresh_token", refresh_token: token, client_id: webClientId });
    const secondRes = await refresh(String(first.refresh_token));
    expect(secondRes.status).toBe(200);
    const second = (await secondRes.json()) as Record<string, string>;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.session_id).toBe(first.session_id);
    const me = await a.request("/api/v1/core/me", { headers: bearer(String(second.access_token)) });
    expect(me.status).toBe(200);

    await refused(
      await client.token({
        grant_type: "refresh_token",
        refresh_token: String(second.refresh_token),
        client_id: "x",
      }),
      401,
      "invalid_client",
      "Unknown client_id",
    );
    await refused(
      await refresh(String(first.refresh_token)),
      400,
      "invalid_grant",
      "The refresh token was already used; the session has been ended for safety",
    );
    // The copy gave itself away: the whole session ends, the newest tokens with it.
    await refused(
      await refresh(String(second.refresh_token)),
      400,
      "invalid_grant",
      "The session has ended",
    );
    const after = await a.request("/api/v1/core/me", {
      headers: bearer(String(second.access_token)),
    });
    expect(after.status).toBe(401);
  });

  it("signing out revokes the session and its refresh token", async () => {
    const a = app();
    const client = accountClient(a);
    const { fields } = await codeFor(client);
    const reply = (await (await client.token(fields)).json()) as Record<string, string>;
    const out = await a.request("/api/v1/core/oauth/revoke", {
      method: "POST",
      headers: bearer(String(reply.access_token)),
    });
    expect(out.status).toBe(204);
    expect(
      (await a.request("/api/v1/core/me", { headers: bearer(String(reply.access_token)) })).status,
    ).toBe(401);
    await refused(
      await client.token({
        grant_type: "refresh_token",
        refresh_token: String(reply.refresh_token),
        client_id: webClientId,
      }),
      400,
      "invalid_grant",
      "The session has ended",
    );
  });

  it("signs in again on a later visit with the same passkey, as a new session", async () => {
    const client = accountClient(app());
    const who = person();
    const first = await client.signUp(who);
    const again = await client.signIn(who.email);
    expect(again.user_id).toBe(first.user_id);
    expect(again.session_id).not.toBe(first.session_id);
  });
});
