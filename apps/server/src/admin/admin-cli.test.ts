import { tokenClaimsSchema, webClientId } from "@a2a-chat/contracts";
import { decodeJwt } from "jose";
import { expect, it } from "vitest";
import type { ConfigInput } from "../config/schema.js";
import { openDatabase } from "../db/database.js";
import { accountClient, passkeyLimitsOff } from "../test/accounts.js";
import { createTestApp } from "../test/app.js";
import { testConfig } from "../test/config.js";
import { describeEachDialect, type TestDatabase } from "../test/databases.js";
import { adminExit, adminHelp, runAdmin } from "./admin-cli.js";

let n = 0;
const person = () => {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return { username: `user_${tag}`, email: `user.${tag}@example.com` };
};

/**
 * Runs a command line as `npm run admin --` would, on its own connection to the test database
 * (as the command, another process, has its own): the server's connection sees only the file or
 * the rows change.
 */
async function admin(database: TestDatabase, argv: string[], config: ConfigInput = {}) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = false;
  const code = await runAdmin(
    argv,
    { out: (text) => out.push(text), err: (text) => err.push(text) },
    async () => {
      opened = true;
      const db = await openDatabase(database.config);
      database.onDestroy(() => db.close());
      return { db, config: testConfig({ ...config, database: database.config }) };
    },
  );
  return { code, out: out.join(""), err: err.join(""), opened };
}

describeEachDialect("npm run admin", (get) => {
  const app = () => createTestApp(get(), { config: passkeyLimitsOff });
  const scopeOf = (token: string) => tokenClaimsSchema.parse(decodeJwt(token)).scope;
  const me = (a: ReturnType<typeof app>, token: string) =>
    a.request("/api/v1/core/me", { headers: { authorization: `Bearer ${token}` } });

  it("prints its help, and refuses a bad line with the reason, the help and exit 64, touching nothing", async () => {
    expect(await admin(get(), ["--help"])).toEqual({
      code: 0,
      out: adminHelp,
      err: "",
      opened: false,
    });
    const cases: [string[], string][] = [
      [[], "No command given."],
      [["frob"], 'Unknown command "frob". Commands: grant, revoke, list, revoke-sessions, prune.'],
      [["grant"], '"grant" needs the account\'s e-mail.'],
      [
        ["revoke-sessions", "a@b.co", "c@d.co"],
        'Unexpected argument "c@d.co" after "revoke-sessions".',
      ],
      [["grant", "alice"], '"alice" is not an e-mail address.'],
      [["prune", "--json"], '--admins and --json go with "list" only.'],
      [["list", "--everyone"], "Unknown option '--everyone'"],
    ];
    for (const [argv, reason] of cases) {
      const result = await admin(get(), argv);
      expect(result.code, argv.join(" ")).toBe(adminExit.usage);
      expect(result.err.split("\n")[0]).toContain(reason);
      expect(result.err).toContain(adminHelp);
      expect(result.out).toBe("");
      expect(result.opened).toBe(false);
    }
  });

  it("refuses an unknown e-mail with exit 65", async () => {
    const result = await admin(get(), ["grant", "nobody@example.com"]);
    expect(result.code).toBe(adminExit.refused);
    expect(result.err).toBe(
      "No account has the e-mail nobody@example.com. The person registers a passkey with it first (in the chat: Sign in, then Create account); list the accounts with: npm run admin -- list\n",
    );
    for (const command of ["revoke", "revoke-sessions"]) {
      expect((await admin(get(), [command, "nobody@example.com"])).code).toBe(adminExit.refused);
    }
  });

  it("grants admin (the next refresh carries it), lists it, and revokes it with every session", async () => {
    const a = app();
    const client = accountClient(a);
    const who = person();
    const before = await client.signUp(who);
    expect(before.scope).toBe("user");

    const granted = await admin(get(), ["grant", who.email.toUpperCase()]);
    expect(granted.code).toBe(0);
    expect(granted.out).toBe(
      `${who.email} (${who.username}) is now an admin. Its next sign-in or token refresh (within 3600 s) carries the admin scope; signing out and in again gives it at once.\n`,
    );
    const again = await admin(get(), ["grant", who.email]);
    expect(again.out).toMatch(new RegExp(`^${who.email} is already an admin \\(since 20`));

    const refresh = (token: string) =>
      client.token({ grant_type: "refresh_token", refresh_token: token, client_id: webClientId });
    const refreshed = (await (await refresh(before.refresh_token)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect(scopeOf(refreshed.access_token)).toBe("user admin");

    const listed = await admin(get(), ["list", "--admins", "--json"]);
    expect(JSON.parse(listed.out)).toEqual([
      expect.objectContaining({ email: who.email, username: who.username, activeSessions: 1 }),
    ]);
    expect((await admin(get(), ["list"])).out).toContain(who.username);

    expect((await me(a, refreshed.access_token)).status).toBe(200);
    const revoked = await admin(get(), ["revoke", who.email]);
    expect(revoked.out).toBe(
      `${who.email} is no longer an admin. Ended 1 session(s): its tokens are refused from now on; it signs in again as an ordinary user.\n`,
    );
    expect((await me(a, refreshed.access_token)).status).toBe(401);
    expect((await refresh(refreshed.refresh_token)).status).toBe(400);
    expect((await client.signIn(who.email)).scope).toBe("user");
    expect((await admin(get(), ["revoke", who.email])).out).toBe(
      `${who.email} is not an admin; nothing changed.\n`,
    );
    expect((await admin(get(), ["list", "--admins"])).out).toBe("No admins yet.\n");
  });

  it("signs an account out everywhere: a token in use is refused on its next request", async () => {
    const a = app();
    const client = accountClient(a);
    const who = person();
    const first = await client.signUp(who);
    const second = await client.signIn(who.email);
    const other = await accountClient(a).signUp(person());
    // Used once, so the server knows these sessions active (SQLite keeps that in memory).
    for (const token of [first.access_token, second.access_token, other.access_token]) {
      expect((await me(a, token)).status).toBe(200);
    }

    const result = await admin(get(), ["revoke-sessions", who.email]);
    expect(result).toMatchObject({
      code: 0,
      out: `Ended 2 session(s) of ${who.email}: its tokens are refused from now on, on every server.\n`,
    });
    expect((await me(a, first.access_token)).status).toBe(401);
    expect((await me(a, second.access_token)).status).toBe(401);
    const refused = await client.token({
      grant_type: "refresh_token",
      refresh_token: second.refresh_token,
      client_id: webClientId,
    });
    expect(await refused.json()).toMatchObject({ error_description: "The session has ended" });
    expect((await me(a, other.access_token)).status).toBe(200);
    expect((await client.signIn(who.email)).access_token).toBeTruthy();
  });

  it("refuses to grant an address ADMIN_EMAILS leaves out", async () => {
    const who = person();
    await accountClient(app()).signUp(who);
    const result = await admin(get(), ["grant", who.email], {
      auth: { adminEmails: ["owner@example.com", "ops@example.com"] },
    });
    expect(result.code).toBe(adminExit.refused);
    expect(result.err).toBe(
      `${who.email} is not in ADMIN_EMAILS (owner@example.com, ops@example.com): add it there as well, or leave ADMIN_EMAILS empty, and grant again.\n`,
    );
    expect((await admin(get(), ["list", "--admins"])).out).toBe("No admins yet.\n");
  });

  it("prunes ended sessions and spent sign-in records", async () => {
    const a = app();
    const client = accountClient(a);
    const who = person();
    await client.signUp(who);
    await admin(get(), ["revoke-sessions", who.email]);
    const result = await admin(get(), ["prune"]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^Deleted \d+ passkey ceremonies, \d+ authorization codes, \d+ refresh tokens, [1-9]\d* ended sessions and \d+ stream events\.\n$/,
    );
    const left = await get()
      .db.kysely.selectFrom("sessions")
      .select("id")
      .where("revoked_at", "is not", null)
      .execute();
    expect(left).toEqual([]);
  });
});
