import { accountMessages, challengeIdHeader } from "@a2a-chat/contracts";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { expect, it } from "vitest";
import { credentialExistsMessage } from "../../auth/passkey-registration.js";
import { UsersRepository } from "../../db/repositories/users.js";
import { accountClient, passkeyLimitsOff, pkcePair } from "../../test/accounts.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { SoftwareAuthenticator } from "../../test/software-authenticator.js";

let n = 0;
const person = () => {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return { username: `user_${tag}`, email: `user.${tag}@example.com` };
};

describeEachDialect("passkey registration and sign-in", (get) => {
  const app = () => createTestApp(get(), { config: passkeyLimitsOff });
  const db = () => get().db.kysely;
  const countOf = async (table: "users" | "webauthn_credentials") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("registers an account with a passkey and signs in with it", async () => {
    const client = accountClient(app());
    const who = person();
    const started = await client.registerStart({ ...who, full_name: "Ada Lovelace" });
    expect(started.status).toBe(200);
    expect(started.headers.get("cache-control")).toBe("no-store");
    const challengeId = started.headers.get(challengeIdHeader);
    expect(challengeId).toMatch(/^[0-9a-f-]{36}$/);
    const { publicKey } = (await started.json()) as {
      publicKey: PublicKeyCredentialCreationOptionsJSON;
    };
    expect(publicKey.rp).toEqual({ id: "localhost", name: "A2A Chat" });
    expect(publicKey.user.name).toBe(who.email);
    const credential = client.authenticator.register(publicKey);
    const finished = await client.post("/webauthn/register/finish", {
      challenge_id: challengeId,
      ...who,
      full_name: "Ada Lovelace",
      credential,
    });
    expect(finished.status).toBe(200);
    const { user_id } = (await finished.json()) as { user_id: string };
    expect(await new UsersRepository(db()).findById(user_id)).toMatchObject({
      user_type: "authenticated",
      username: who.username,
      email: who.email,
      full_name: "Ada Lovelace",
    });

    const signedIn = await client.signInCeremony(who.email);
    expect(signedIn.userId).toBe(user_id);
  });

  it("gives every validation message of the spec", async () => {
    const client = accountClient(app());
    const cases: [Record<string, string>, string][] = [
      [{ username: "", email: "a@b.co" }, accountMessages.usernameRequired],
      [{ username: "ab", email: "a@b.co" }, accountMessages.usernameTooShort],
      [{ username: "a".repeat(51), email: "a@b.co" }, accountMessages.usernameTooLong],
      [{ username: "bad name!", email: "a@b.co" }, accountMessages.usernameCharacters],
      [{ username: "good_name", email: "" }, accountMessages.emailRequired],
      [{ username: "good_name", email: "not-an-email" }, accountMessages.emailInvalid],
    ];
    const before = await countOf("users");
    for (const [query, message] of cases) {
      const res = await client.registerStart(query);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: "invalid_request",
        error_description: message,
      });
    }
    const signIn = await client.authStart("nope", pkcePair().state);
    expect(await signIn.json()).toMatchObject({ error_description: accountMessages.emailInvalid });
    expect(await countOf("users")).toBe(before);
  });

  it("answers 409 for a taken e-mail or username, at start and at finish", async () => {
    const client = accountClient(app());
    const who = person();
    await client.register(who);
    const sameEmail = await client.registerStart({
      username: person().username,
      email: who.email.toUpperCase(),
    });
    expect(sameEmail.status).toBe(409);
    expect(await sameEmail.json()).toEqual({
      error: "account_exists",
      error_description: "An account with this email already exists",
      message: "An account with this email already exists",
    });
    const sameName = await client.registerStart({
      username: who.username.toUpperCase(),
      email: person().email,
    });
    expect(sameName.status).toBe(409);
    expect(((await sameName.json()) as { error_description: string }).error_description).toBe(
      "This username is already taken",
    );

    // Two ceremonies started before either finished: the second finish is the conflict.
    const rival = person();
    const first = await client.registerStart(rival);
    const second = await client.registerStart({ ...rival, username: `${rival.username}x` });
    const finish = async (res: Response, username: string) =>
      client.post("/webauthn/register/finish", {
        challenge_id: res.headers.get(challengeIdHeader),
        username,
        email: rival.email,
        credential: client.authenticator.register(
          ((await res.json()) as { publicKey: PublicKeyCredentialCreationOptionsJSON }).publicKey,
        ),
      });
    expect((await finish(first, rival.username)).status).toBe(200);
    const users = await countOf("users");
    const lost = await finish(second, `${rival.username}x`);
    expect(lost.status).toBe(409);
    expect(await countOf("users")).toBe(users);
  });

  it("answers 409 for a passkey that is already registered, storing nothing", async () => {
    const client = accountClient(app());
    const { credential } = await client.register(person());
    const users = await countOf("users");
    const passkeys = await countOf("webauthn_credentials");
    const who = person();
    const started = await client.registerStart(who);
    const { publicKey } = (await started.json()) as {
      publicKey: PublicKeyCredentialCreationOptionsJSON;
    };
    const res = await client.post("/webauthn/register/finish", {
      challenge_id: started.headers.get(challengeIdHeader),
      ...who,
      credential: client.authenticator.register(publicKey, { reuseId: credential.id }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "credential_exists",
      error_description: credentialExistsMessage,
      message: credentialExistsMessage,
    });
    expect(credentialExistsMessage).toBe(
      "This passkey is already registered to an account. Sign in with it instead, or register with a new passkey.",
    );
    expect(await countOf("users")).toBe(users);
    expect(await countOf("webauthn_credentials")).toBe(passkeys);
  });

  it("does not tell from auth/start whether an e-mail has an account", async () => {
    const client = accountClient(app());
    const who = person();
    await client.register(who);
    const known = (await (await client.authStart(who.email, "s1")).json()) as {
      publicKey: PublicKeyCredentialRequestOptionsJSON;
    };
    const unknown = (await (await client.authStart(person().email, "s2")).json()) as {
      publicKey: PublicKeyCredentialRequestOptionsJSON;
    };
    expect(Object.keys(unknown.publicKey).sort()).toEqual(Object.keys(known.publicKey).sort());
    expect(unknown.publicKey.allowCredentials).toEqual(known.publicKey.allowCredentials);
  });

  theAttacks();

  function theAttacks() {
    /** The exact refusal: 400, OAuth error code and description. */
    const refused = async (res: Response, error: string, description: string) => {
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body).toMatchObject({ error, error_description: description });
    };
    const spentChallenge = "The challenge is unknown, expired or already used";
    /** A refused ceremony proved nobody: no authorization code can be had for its state. */
    const nothingSignedIn = async (
      client: ReturnType<typeof accountClient>,
      userId: string,
      state: string,
    ) => {
      const res = await client.complete(client.completeQuery(userId, { ...pkcePair(), state }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: "invalid_grant",
        error_description: "No finished passkey sign-in matches this user and state",
      });
    };

    it("refuses a replayed registration and a replayed sign-in", async () => {
      const client = accountClient(app());
      const who = person();
      const started = await client.registerStart(who);
      const challengeId = started.headers.get(challengeIdHeader);
      const options = (
        (await started.json()) as { publicKey: PublicKeyCredentialCreationOptionsJSON }
      ).publicKey;
      const body = {
        challenge_id: challengeId,
        ...who,
        credential: client.authenticator.register(options),
      };
      expect((await client.post("/webauthn/register/finish", body)).status).toBe(200);
      const users = await countOf("users");
      await refused(
        await client.post("/webauthn/register/finish", body),
        "invalid_challenge",
        spentChallenge,
      );
      expect(await countOf("users")).toBe(users);

      const auth = (await (await client.authStart(who.email, "state-1")).json()) as {
        challenge_id: string;
        publicKey: PublicKeyCredentialRequestOptionsJSON;
      };
      const signed = {
        challenge_id: auth.challenge_id,
        credential: client.authenticator.authenticate(auth.publicKey),
      };
      expect((await client.post("/webauthn/auth/finish", signed)).status).toBe(200);
      await refused(
        await client.post("/webauthn/auth/finish", signed),
        "invalid_challenge",
        spentChallenge,
      );
    });

    it("refuses an expired challenge", async () => {
      const client = accountClient(app());
      const who = person();
      const { userId } = await client.register(who);
      const auth = (await (await client.authStart(who.email, "state-2")).json()) as {
        challenge_id: string;
        publicKey: PublicKeyCredentialRequestOptionsJSON;
      };
      // Five minutes pass: the ceremony's expiry is now behind us.
      await db()
        .updateTable("webauthn_challenges")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", auth.challenge_id)
        .execute();
      const res = await client.post("/webauthn/auth/finish", {
        challenge_id: auth.challenge_id,
        credential: client.authenticator.authenticate(auth.publicKey),
      });
      await refused(res, "invalid_challenge", spentChallenge);
      await nothingSignedIn(client, userId, "state-2");
    });

    it("refuses a ceremony from another origin or for another rpID", async () => {
      const client = accountClient(app());
      const who = person();
      const started = await client.registerStart(who);
      const options = (
        (await started.json()) as { publicKey: PublicKeyCredentialCreationOptionsJSON }
      ).publicKey;
      const phished = await client.post("/webauthn/register/finish", {
        challenge_id: started.headers.get(challengeIdHeader),
        ...who,
        credential: client.authenticator.register(options, { origin: "https://evil.example" }),
      });
      await refused(
        phished,
        "invalid_credential",
        "Passkey not accepted: it was used on https://evil.example, not on this site",
      );
      expect(await new UsersRepository(db()).findByEmail(who.email)).toBeUndefined();

      const { userId } = await client.register(who);
      for (const [place, description] of [
        [
          { origin: "http://localhost.evil.example:8080" },
          "Passkey not accepted: it was used on http://localhost.evil.example:8080, not on this site",
        ],
        [{ rpId: "evil.example" }, "Passkey not accepted: Unexpected RP ID hash"],
      ] as const) {
        const auth = (await (await client.authStart(who.email, "state-3")).json()) as {
          challenge_id: string;
          publicKey: PublicKeyCredentialRequestOptionsJSON;
        };
        const res = await client.post("/webauthn/auth/finish", {
          challenge_id: auth.challenge_id,
          credential: client.authenticator.authenticate(auth.publicKey, place),
        });
        await refused(res, "invalid_credential", description);
        await nothingSignedIn(client, userId, "state-3");
      }
    });

    it("refuses another user's passkey for an e-mail", async () => {
      const authenticator = new SoftwareAuthenticator();
      const client = accountClient(app(), authenticator);
      const victim = person();
      const attacker = person();
      await client.register(victim);
      const mine = await client.register(attacker);
      const auth = (await (await client.authStart(victim.email, "state-4")).json()) as {
        challenge_id: string;
        publicKey: PublicKeyCredentialRequestOptionsJSON;
      };
      const res = await client.post("/webauthn/auth/finish", {
        challenge_id: auth.challenge_id,
        credential: authenticator.authenticate(auth.publicKey, { passkeyId: mine.credential.id }),
      });
      await refused(
        res,
        "invalid_credential",
        "This passkey does not belong to the account being signed in",
      );
      const code = await client.complete(
        client.completeQuery(mine.userId, { ...pkcePair(), state: "state-4" }),
      );
      expect(code.status).toBe(400);
    });

    it("refuses a signature counter that goes backwards and keeps the stored one", async () => {
      const client = accountClient(app());
      const who = person();
      const made = await client.register(who);
      await client.signInCeremony(who.email); // counter 1
      await client.signInCeremony(who.email); // counter 2
      const auth = (await (await client.authStart(who.email, "state-5")).json()) as {
        challenge_id: string;
        publicKey: PublicKeyCredentialRequestOptionsJSON;
      };
      const res = await client.post("/webauthn/auth/finish", {
        challenge_id: auth.challenge_id,
        credential: client.authenticator.authenticate(auth.publicKey, { counter: 1 }),
      });
      await refused(
        res,
        "invalid_credential",
        "Passkey not accepted: Response counter value 1 was lower than expected 2",
      );
      const stored = await db()
        .selectFrom("webauthn_credentials")
        .select("counter")
        .where("id", "=", made.credential.id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.counter)).toBe(2);
    });

    it("refuses a tampered signature", async () => {
      const client = accountClient(app());
      const who = person();
      const { userId } = await client.register(who);
      const auth = (await (await client.authStart(who.email, "state-6")).json()) as {
        challenge_id: string;
        publicKey: PublicKeyCredentialRequestOptionsJSON;
      };
      const credential = client.authenticator.authenticate(auth.publicKey);
      const other = client.authenticator.authenticate({ ...auth.publicKey, challenge: "AAAA" });
      credential.response.signature = other.response.signature;
      const res = await client.post("/webauthn/auth/finish", {
        challenge_id: auth.challenge_id,
        credential,
      });
      await refused(
        res,
        "invalid_credential",
        "Passkey not accepted: the signature does not verify",
      );
      await nothingSignedIn(client, userId, "state-6");
    });
  }
});
