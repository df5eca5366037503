import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { OAuthError } from "./oauth-error.js";
import type { RelyingParty } from "./relying-party.js";

/** What the passkey ceremonies need. */
export interface PasskeyDeps {
  db: Kysely<Database>;
  party: RelyingParty;
  /** How long a started ceremony may be finished. */
  challengeLifetimeMs: number;
  now?: () => Date;
}

/** The one answer for a ceremony that is unknown, expired or already used. */
export function invalidChallenge(): OAuthError {
  return new OAuthError("invalid_challenge", "The challenge is unknown, expired or already used");
}

/**
 * The origin the verifier must see: this site's, judged from the one the browser reported. A
 * ceremony from any other page is refused before any signature is checked.
 */
export function expectedOriginOf(party: RelyingParty, clientDataJSON: string): string {
  let reported: unknown;
  try {
    reported = (
      JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as {
        origin?: unknown;
      }
    ).origin;
  } catch {
    throw new OAuthError("invalid_credential", "Passkey not accepted: clientDataJSON is not JSON");
  }
  const expected = typeof reported === "string" ? party.expectedOrigin(reported) : undefined;
  if (!expected) {
    throw new OAuthError(
      "invalid_credential",
      `Passkey not accepted: it was used on ${String(reported)}, not on this site`,
    );
  }
  return expected;
}
