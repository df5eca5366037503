import { createHash, randomBytes } from "node:crypto";
import {
  authorizationCodeReplySchema,
  authStartReplySchema,
  challengeIdHeader,
  type TokenGrantReply,
  tokenGrantReplySchema,
  webClientId,
} from "@a2a-chat/contracts";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { SoftwareAuthenticator } from "./software-authenticator.js";

const base = "/api/v1/core/oauth";
/** The redirect URI of sp_web when the test server runs without PUBLIC_URL. */
export const testRedirectUri = "http://localhost:8080/auth/callback";

/**
 * Config for suites that run many ceremonies from one in-process caller: the passkey rate limits
 * off (they are tested on their own), so the suites test the ceremonies, not the limits.
 */
export const passkeyLimitsOff = {
  rateLimit: { passkeyRequestsPerIp: 0, passkeySignInsPerEmail: 0 },
} as const;

const json = { "content-type": "application/json" };
const form = { "content-type": "application/x-www-form-urlencoded" };

/** A PKCE pair and an OAuth state, as the web client makes them. */
export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url"); // 43 characters
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge, state: randomBytes(24).toString("base64url") };
}

/** The passkey endpoints and the token endpoint, called as the web client calls them. */
export function accountClient(app: Hono<AppEnv>, authenticator = new SoftwareAuthenticator()) {
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`${base}${path}`, {
      method: "POST",
      headers: body === undefined ? headers : { ...json, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ok = async (res: Response) => {
    if (res.status !== 200) throw new Error(`${res.url} ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };

  const registerStart = (query: Record<string, string>) =>
    post(`/webauthn/register/start?${new URLSearchParams(query)}`);
  const authStart = (email: string, state: string) =>
    post(`/webauthn/auth/start?${new URLSearchParams({ email, oauth_state: state })}`);
  const complete = (query: Record<string, string>) =>
    app.request(`${base}/webauthn/complete?${new URLSearchParams(query)}`);
  const token = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(`${base}/token`, {
      method: "POST",
      headers: { ...form, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const completeQuery = (userId: string, pkce: ReturnType<typeof pkcePair>) => ({
    user_id: userId,
    response_type: "code",
    client_id: webClientId,
    redirect_uri: testRedirectUri,
    scope: "user",
    state: pkce.state,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
  });

  /** Registers with a new passkey; returns the new account's id and the PKCE pair of the flow. */
  const register = async (input: { username: string; email: string; full_name?: string }) => {
    const pkce = pkcePair();
    const started = await registerStart({ ...input, oauth_state: pkce.state });
    const options = (await ok(started)).publicKey as PublicKeyCredentialCreationOptionsJSON;
    const challengeId = started.headers.get(challengeIdHeader) ?? "";
    const credential = authenticator.register(options);
    const finished = await ok(
      await post("/webauthn/register/finish", { challenge_id: challengeId, ...input, credential }),
    );
    return { userId: String(finished.user_id), pkce, challengeId, credential };
  };

  /** Signs in with the authenticator's passkey up to auth/finish. */
  const signInCeremony = async (email: string) => {
    const pkce = pkcePair();
    const started = authStartReplySchema.parse(await ok(await authStart(email, pkce.state)));
    const options = started.publicKey as unknown as PublicKeyCredentialRequestOptionsJSON;
    const credential = authenticator.authenticate(options);
    const finished = await ok(
      await post("/webauthn/auth/finish", { challenge_id: started.challenge_id, credential }),
    );
    return { userId: String(finished.user_id), pkce };
  };

  /** complete + token exchange for a finished ceremony; `visitorToken` hands over a visitor's data. */
  const exchange = async (
    userId: string,
    pkce: ReturnType<typeof pkcePair>,
    visitorToken?: string,
  ): Promise<TokenGrantReply> => {
    const code = authorizationCodeReplySchema.parse(
      await ok(await complete(completeQuery(userId, pkce))),
    );
    const res = await token(
      {
        grant_type: "authorization_code",
        code: code.authorization_code,
        client_id: webClientId,
        redirect_uri: testRedirectUri,
        code_verifier: pkce.verifier,
      },
      visitorToken ? { authorization: `Bearer ${visitorToken}` } : {},
    );
    return tokenGrantReplySchema.parse(await ok(res));
  };

  return {
    authenticator,
    post,
    registerStart,
    authStart,
    complete,
    completeQuery,
    token,
    register,
    signInCeremony,
    exchange,
    /** Registration and sign-in to a token, as the web client does it. */
    signUp: async (
      input: { username: string; email: string; full_name?: string },
      visitorToken?: string,
    ) => {
      const { userId, pkce } = await register(input);
      return exchange(userId, pkce, visitorToken);
    },
    signIn: async (email: string, visitorToken?: string) => {
      const { userId, pkce } = await signInCeremony(email);
      return exchange(userId, pkce, visitorToken);
    },
  };
}
