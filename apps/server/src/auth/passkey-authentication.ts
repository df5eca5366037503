import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialRequestOptionsJSON,
  VerifiedAuthenticationResponse,
} from "@simplewebauthn/server";
import { PasskeyCredentialsRepository } from "../db/repositories/passkey-credentials.js";
import { UsersRepository } from "../db/repositories/users.js";
import { WebauthnChallengesRepository } from "../db/repositories/webauthn-challenges.js";
import { OAuthError } from "./oauth-error.js";
import { expectedOriginOf, invalidChallenge, type PasskeyDeps } from "./passkey-deps.js";
import { webauthnLibrary } from "./webauthn-library.js";

/**
 * auth/start: opens a sign-in ceremony for an e-mail and OAuth state. The options name no
 * credentials (passkeys are discoverable), so the answer is the same whether or not the e-mail
 * has an account.
 */
export async function startAuthentication(
  deps: PasskeyDeps,
  input: { email: string; oauthState: string },
): Promise<{ challengeId: string; publicKey: PublicKeyCredentialRequestOptionsJSON }> {
  const { generateAuthenticationOptions } = await webauthnLibrary();
  const publicKey = await generateAuthenticationOptions({
    rpID: deps.party.id,
    userVerification: "preferred",
    timeout: deps.challengeLifetimeMs,
  });
  const row = await new WebauthnChallengesRepository(deps.db, deps.now).create(
    {
      kind: "authentication",
      challenge: publicKey.challenge,
      email: input.email,
      oauthState: input.oauthState,
    },
    deps.challengeLifetimeMs,
  );
  return { challengeId: row.id, publicKey };
}

const notThisAccount = () =>
  new OAuthError(
    "invalid_credential",
    "This passkey does not belong to the account being signed in",
  );

/**
 * auth/finish: uses the ceremony (once), finds the passkey, checks it belongs to the e-mail the
 * ceremony was started for, verifies the signature (challenge, origin, rpID, counter) and records
 * the new counter.
 */
export async function finishAuthentication(
  deps: PasskeyDeps,
  input: { challengeId: string; credential: unknown },
): Promise<{ userId: string }> {
  const challenges = new WebauthnChallengesRepository(deps.db, deps.now);
  const ceremony = await challenges.use(input.challengeId, "authentication");
  if (!ceremony) throw invalidChallenge();
  const response = input.credential as AuthenticationResponseJSON;
  const expectedOrigin = expectedOriginOf(deps.party, response.response.clientDataJSON);
  const passkeys = new PasskeyCredentialsRepository(deps.db, deps.now);
  const passkey = await passkeys.findById(response.id);
  if (!passkey) throw new OAuthError("invalid_credential", "This passkey is not registered here");
  const user = await new UsersRepository(deps.db).findById(passkey.userId);
  if (!user || user.email !== ceremony.email) throw notThisAccount();
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString("utf8") !== passkey.userId) {
    throw notThisAccount();
  }
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  let verified: VerifiedAuthenticationResponse;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin,
      expectedRPID: deps.party.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
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
  const recorded = await passkeys.recordUse(
    passkey.id,
    passkey.counter,
    verified.authenticationInfo.newCounter,
  );
  if (!recorded) {
    throw new OAuthError("invalid_credential", "Passkey not accepted: it was used concurrently");
  }
  await challenges.markVerified(ceremony.id, passkey.userId);
  return { userId: passkey.userId };
}
