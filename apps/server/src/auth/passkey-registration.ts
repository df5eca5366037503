import type { RegistrationInput } from "@a2a-chat/contracts";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { PasskeyCredentialsRepository } from "../db/repositories/passkey-credentials.js";
import { UsersRepository } from "../db/repositories/users.js";
import { WebauthnChallengesRepository } from "../db/repositories/webauthn-challenges.js";
import type { Database } from "../db/schema.js";
import { OAuthError } from "./oauth-error.js";
import { expectedOriginOf, invalidChallenge, type PasskeyDeps } from "./passkey-deps.js";
import { webauthnLibrary } from "./webauthn-library.js";

/** The 409 of a registration whose passkey is stored already (for this or another account). */
export const credentialExistsMessage =
  "This passkey is already registered to an account. Sign in with it instead, or register with a new passkey.";

async function refuseTakenAccount(users: UsersRepository, username: string, email: string) {
  if (await users.findByEmail(email)) {
    throw new OAuthError("account_exists", "An account with this email already exists");
  }
  if (await users.findAccountByUsername(username)) {
    throw new OAuthError("account_exists", "This username is already taken");
  }
}

/**
 * register/start: refuses a taken username or e-mail (409), then opens a registration ceremony
 * whose passkey will carry the new account's id as its user handle.
 */
export async function startRegistration(
  deps: PasskeyDeps,
  input: RegistrationInput & { oauthState?: string },
): Promise<{ challengeId: string; publicKey: PublicKeyCredentialCreationOptionsJSON }> {
  await refuseTakenAccount(new UsersRepository(deps.db), input.username, input.email);
  const newUserId = crypto.randomUUID();
  const { generateRegistrationOptions } = await webauthnLibrary();
  const publicKey = await generateRegistrationOptions({
    rpName: deps.party.name,
    rpID: deps.party.id,
    userName: input.email,
    userID: new TextEncoder().encode(newUserId),
    userDisplayName: input.full_name || input.username,
    attestationType: "none",
    // Discoverable: sign-in offers the passkey without the server naming credentials for an e-mail.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    supportedAlgorithmIDs: [-7, -8, -257],
    timeout: deps.challengeLifetimeMs,
  });
  const row = await new WebauthnChallengesRepository(deps.db, deps.now).create(
    {
      kind: "registration",
      challenge: publicKey.challenge,
      email: input.email,
      username: input.username,
      fullName: input.full_name || null,
      newUserId,
      oauthState: input.oauthState ?? null,
    },
    deps.challengeLifetimeMs,
  );
  return { challengeId: row.id, publicKey };
}

/**
 * register/finish: uses the ceremony (once), verifies the new passkey against its challenge,
 * origin and rpID, then creates the account and stores the passkey in one transaction.
 */
export async function finishRegistration(
  deps: PasskeyDeps,
  input: { challengeId: string; username: string; email: string; credential: unknown },
): Promise<{ userId: string }> {
  const ceremony = await new WebauthnChallengesRepository(deps.db, deps.now).use(
    input.challengeId,
    "registration",
  );
  if (!ceremony?.new_user_id || !ceremony.username) throw invalidChallenge();
  if (
    ceremony.username.toLowerCase() !== input.username.trim().toLowerCase() ||
    ceremony.email !== input.email.trim().toLowerCase()
  ) {
    throw new OAuthError(
      "invalid_request",
      "Username and email differ from the registration start",
    );
  }
  const credential = input.credential as RegistrationResponseJSON;
  const expectedOrigin = expectedOriginOf(deps.party, credential.response.clientDataJSON);
  const { verifyRegistrationResponse } = await webauthnLibrary();
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: ceremony.challenge,
      expectedOrigin,
      expectedRPID: deps.party.id,
      requireUserVerification: false,
    });
  } catch (error) {
    throw new OAuthError("invalid_credential", `Passkey not accepted: ${(error as Error).message}`);
  }
  if (!verified.verified) {
    throw new OAuthError(
      "invalid_credential",
      "Passkey not accepted: the signature does not verify",
    );
  }
  const made = verified.registrationInfo.credential;
  const userId = ceremony.new_user_id;
  const username = ceremony.username;
  await deps.db.transaction().execute(async (trx: Kysely<Database>) => {
    const users = new UsersRepository(trx, deps.now);
    await refuseTakenAccount(users, username, ceremony.email);
    const passkeys = new PasskeyCredentialsRepository(trx, deps.now);
    // A credential id is the passkey's primary key: storing it twice would be a 500.
    if (await passkeys.findById(made.id)) {
      throw new OAuthError("credential_exists", credentialExistsMessage);
    }
    await users.create({
      id: userId,
      userType: "authenticated",
      username,
      email: ceremony.email,
      fullName: ceremony.full_name,
    });
    await passkeys.create({
      id: made.id,
      userId,
      publicKey: Buffer.from(made.publicKey).toString("base64url"),
      counter: made.counter,
      transports: made.transports ?? [],
    });
    await new WebauthnChallengesRepository(trx, deps.now).markVerified(ceremony.id, userId);
  });
  return { userId };
}
