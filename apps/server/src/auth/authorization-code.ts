import { accountScope } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { OauthCodesRepository } from "../db/repositories/oauth-codes.js";
import { WebauthnChallengesRepository } from "../db/repositories/webauthn-challenges.js";
import type { Database } from "../db/schema.js";
import type { OAuthClients } from "./oauth-clients.js";
import { OAuthError } from "./oauth-error.js";
import { newSecret, s256ChallengePattern, secretHash } from "./pkce.js";

/** Query of GET /oauth/webauthn/complete. */
export interface AuthorizationRequest {
  user_id: string;
  response_type: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  state: string;
  code_challenge: string;
  code_challenge_method?: string;
}

export interface AuthorizationDeps {
  db: Kysely<Database>;
  clients: OAuthClients;
  /** How long after a passkey ceremony its code may be asked for. */
  ceremonyWindowMs: number;
  codeLifetimeMs: number;
  now?: () => Date;
}

/** Checks an authorization request's client, redirect URI, scope and PKCE, in RFC order. */
export function checkAuthorizationRequest(clients: OAuthClients, request: AuthorizationRequest) {
  if (!clients.isKnown(request.client_id)) {
    throw new OAuthError("invalid_client", "Unknown client_id");
  }
  if (!clients.allowsRedirect(request.client_id, request.redirect_uri)) {
    throw new OAuthError("invalid_request", "redirect_uri is not registered for this client");
  }
  if (request.response_type !== "code") {
    throw new OAuthError("unsupported_response_type", "Only response_type=code is supported");
  }
  if (request.scope !== accountScope) {
    throw new OAuthError("invalid_scope", `The only scope is "${accountScope}"`);
  }
  if (request.code_challenge_method !== "S256") {
    throw new OAuthError("invalid_request", "PKCE with code_challenge_method=S256 is required");
  }
  if (!s256ChallengePattern.test(request.code_challenge)) {
    throw new OAuthError(
      "invalid_request",
      "code_challenge must be a base64url SHA-256 (43 characters)",
    );
  }
}

/**
 * The end of the passkey flow: a ceremony verified moments ago for this user and state becomes
 * one authorization code, bound to the client, the exact redirect URI, the PKCE challenge and the
 * user. The ceremony is taken once, so a second call gets no second code.
 */
export async function issueAuthorizationCode(
  deps: AuthorizationDeps,
  request: AuthorizationRequest,
): Promise<{ authorization_code: string; state: string; redirect_uri: string }> {
  checkAuthorizationRequest(deps.clients, request);
  const taken = await new WebauthnChallengesRepository(deps.db, deps.now).complete(
    request.user_id,
    request.state,
    deps.ceremonyWindowMs,
  );
  if (!taken) {
    throw new OAuthError(
      "invalid_grant",
      "No finished passkey sign-in matches this user and state",
    );
  }
  const code = newSecret();
  await new OauthCodesRepository(deps.db, deps.now).create(
    {
      code_hash: secretHash(code),
      user_id: request.user_id,
      client_id: request.client_id,
      redirect_uri: request.redirect_uri,
      scope: request.scope,
      code_challenge: request.code_challenge,
    },
    deps.codeLifetimeMs,
  );
  return { authorization_code: code, state: request.state, redirect_uri: request.redirect_uri };
}
