import {
  accountScope,
  authCallbackPath,
  authorizationCodeReplySchema,
  authStartReplySchema,
  challengeIdHeader,
  type TokenGrantReply,
  tokenGrantReplySchema,
  webClientId,
} from "@a2a-chat/contracts";
import { type FetchLike, requestJson } from "../lib/api.js";
import { ApiError } from "../lib/api-error.js";
import { decodeJwt } from "../lib/jwt.js";
import { useAuthStore } from "../stores/auth-store.js";
import { passkeyMessages } from "./passkey-texts.js";
import { newPkce } from "./pkce.js";

const base = "/api/v1/core/oauth";

/** A failed passkey step, with the text to show. */
export class PasskeyError extends Error {
  override name = "PasskeyError";
  constructor(
    message: string,
    /** The server said the account already exists (409). */
    readonly accountExists = false,
  ) {
    super(message);
  }
}

/** Runs a server step; its failure shows the server's description, else the spec's fallback. */
async function step<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PasskeyError) throw error;
    if (error instanceof ApiError) {
      throw new PasskeyError(error.serverMessage ?? fallback, error.status === 409);
    }
    throw new PasskeyError(fallback);
  }
}

/** The browser part (@simplewebauthn/browser), loaded only when a ceremony starts. */
const browser = () => import("@simplewebauthn/browser");

/** Whether this browser can make and use passkeys. */
export async function passkeysSupported(): Promise<boolean> {
  return (await browser()).browserSupportsWebAuthn();
}

/** The redirect URI of this site (tools spec §2: /auth/callback). */
export const redirectUri = () => `${window.location.origin}${authCallbackPath}`;

/** Where the redirect form of the flow finds its verifier and state (this tab only). */
export const pendingFlowKey = "passkey-oauth-flow";

function visitorToken(): string {
  const token = useAuthStore.getState().accessToken;
  if (!token) throw new PasskeyError(passkeyMessages.noToken);
  return token;
}

/**
 * complete → token: turns a finished ceremony into a session. The state must come back unchanged;
 * the token request carries the visitor's token so their conversations move to the account.
 */
async function completeAndExchange(
  userId: string,
  pkce: Awaited<ReturnType<typeof newPkce>>,
  token: string,
  fetchImpl?: FetchLike,
): Promise<TokenGrantReply> {
  const query = new URLSearchParams({
    user_id: userId,
    response_type: "code",
    client_id: webClientId,
    redirect_uri: redirectUri(),
    scope: accountScope,
    state: pkce.state,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
  });
  // Kept for the redirect form: /auth/callback finishes the exchange with them.
  sessionStorage.setItem(
    pendingFlowKey,
    JSON.stringify({ verifier: pkce.verifier, state: pkce.state }),
  );
  const completed = await step(
    () => requestJson<unknown>(`${base}/webauthn/complete?${query}`, {}, fetchImpl),
    passkeyMessages.oauthFailed,
  );
  const code = authorizationCodeReplySchema.safeParse(completed);
  if (!code.success) throw new PasskeyError(passkeyMessages.noCode);
  if (code.data.state !== pkce.state) throw new PasskeyError(passkeyMessages.stateMismatch);
  return exchangeCode(code.data.authorization_code, pkce.verifier, token, fetchImpl);
}

/** The token call (form-encoded) and storing its answer; shared with /auth/callback. */
export async function exchangeCode(
  code: string,
  verifier: string,
  token: string | null,
  fetchImpl?: FetchLike,
): Promise<TokenGrantReply> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    client_id: webClientId,
    redirect_uri: redirectUri(),
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const replied = await step(
    () => requestJson<unknown>(`${base}/token`, { method: "POST", headers, body }, fetchImpl),
    passkeyMessages.oauthFailed,
  );
  const parsed = tokenGrantReplySchema.safeParse(replied);
  if (!parsed.success) throw new PasskeyError(passkeyMessages.invalidToken("malformed reply"));
  try {
    decodeJwt(parsed.data.access_token);
  } catch (error) {
    throw new PasskeyError(passkeyMessages.invalidToken((error as Error).message));
  }
  sessionStorage.removeItem(pendingFlowKey);
  useAuthStore.getState().setAuth(parsed.data);
  return parsed.data;
}

/** Passkey sign-in (tools spec §7 Passkey flow): start, sign, finish, complete, token. */
export async function signInWithPasskey(
  email: string,
  fetchImpl?: FetchLike,
): Promise<TokenGrantReply> {
  const token = visitorToken();
  const pkce = await newPkce();
  const query = new URLSearchParams({ email: email.trim(), oauth_state: pkce.state });
  const started = await step(
    () =>
      requestJson<unknown>(`${base}/webauthn/auth/start?${query}`, { method: "POST" }, fetchImpl),
    passkeyMessages.authenticationFinishFailed,
  );
  const options = authStartReplySchema.safeParse(started);
  if (!options.success) throw new PasskeyError(passkeyMessages.noChallenge);
  const { startAuthentication } = await browser();
  let credential: unknown;
  try {
    credential = await startAuthentication({ optionsJSON: options.data.publicKey as never });
  } catch {
    throw new PasskeyError(passkeyMessages.authenticationFailed);
  }
  const finished = await step(
    () =>
      requestJson<{ user_id: string }>(
        `${base}/webauthn/auth/finish`,
        {
          method: "POST",
          body: JSON.stringify({ challenge_id: options.data.challenge_id, credential }),
        },
        fetchImpl,
      ),
    passkeyMessages.authenticationFinishFailed,
  );
  return completeAndExchange(finished.user_id, pkce, token, fetchImpl);
}

/** What registration asks for (tools spec §3). */
export interface RegistrationFields {
  username: string;
  email: string;
  full_name?: string;
}

/**
 * Passkey registration, then the automatic sign-in: the ceremony carries the OAuth state, so the
 * new passkey signs in without a second prompt. A failure after the account exists says so.
 */
export async function registerWithPasskey(
  fields: RegistrationFields,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<TokenGrantReply> {
  const token = visitorToken();
  const pkce = await newPkce();
  const query = new URLSearchParams({
    username: fields.username.trim(),
    email: fields.email.trim(),
  });
  if (fields.full_name?.trim()) query.set("full_name", fields.full_name.trim());
  query.set("oauth_state", pkce.state);
  let challengeId: string | null = null;
  const started = await step(async () => {
    // The challenge id comes in a header, so this call reads the response itself.
    const response = await fetchImpl(`${base}/webauthn/register/start?${query}`, {
      method: "POST",
      headers: { Accept: "application/json" },
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const text = typeof body.error_description === "string" ? body.error_description : undefined;
      throw new ApiError(
        text ?? passkeyMessages.registrationFailed,
        response.status,
        undefined,
        text,
      );
    }
    challengeId = response.headers.get(challengeIdHeader);
    return body;
  }, passkeyMessages.registrationFailed);
  if (!challengeId) throw new PasskeyError(passkeyMessages.noChallenge);
  const { startRegistration } = await browser();
  let credential: unknown;
  try {
    credential = await startRegistration({ optionsJSON: started.publicKey as never });
  } catch {
    throw new PasskeyError(passkeyMessages.creationFailed);
  }
  const finished = await step(
    () =>
      requestJson<{ user_id: string }>(
        `${base}/webauthn/register/finish`,
        {
          method: "POST",
          body: JSON.stringify({ challenge_id: challengeId, ...fields, credential }),
        },
        fetchImpl,
      ),
    passkeyMessages.registrationFailed,
  );
  try {
    return await completeAndExchange(finished.user_id, pkce, token, fetchImpl);
  } catch {
    throw new PasskeyError(passkeyMessages.signInAfterRegistrationFailed);
  }
}
