import {
  authFinishBodySchema,
  challengeIdHeader,
  emailProblem,
  registerFinishBodySchema,
  registrationInputSchema,
} from "@a2a-chat/contracts";
import { Hono } from "hono";
import type { z } from "zod";
import { issueAuthorizationCode } from "../../auth/authorization-code.js";
import {
  ceremonyWindowMs,
  challengeLifetimeMs,
  codeLifetimeMs,
} from "../../auth/expired-records.js";
import { OAuthClients } from "../../auth/oauth-clients.js";
import { handleOAuthError, OAuthError } from "../../auth/oauth-error.js";
import { finishAuthentication, startAuthentication } from "../../auth/passkey-authentication.js";
import type { PasskeyDeps } from "../../auth/passkey-deps.js";
import { finishRegistration, startRegistration } from "../../auth/passkey-registration.js";
import { relyingParty } from "../../auth/relying-party.js";
import type { AppEnv } from "../../http/env.js";
import type { Services } from "../../http/services.js";
import { clientIp } from "../../rate-limit/client-ip.js";
import { rateLimit } from "../../rate-limit/rate-limit.js";

/** The 429 of a client making too many passkey calls. */
export const passkeyIpLimitMessage =
  "Too many passkey requests from your network. Please wait a moment and try again.";
/** The 429 of too many sign-ins begun for one e-mail (the same for any e-mail, known or not). */
export const passkeyEmailLimitMessage =
  "Too many sign-in attempts for this email. Please wait a moment and try again.";

/** Validates input; the first problem is the error description. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where =
    issue && issue.code !== "custom" && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new OAuthError("invalid_request", `${where}${issue?.message ?? "Invalid request"}`);
}

function oauthState(value: string | undefined, required: boolean): string | undefined {
  if (value === undefined || value === "") {
    if (required) throw new OAuthError("invalid_request", "oauth_state is required");
    return undefined;
  }
  if (value.length > 256) throw new OAuthError("invalid_request", "oauth_state is too long");
  return value;
}

/** /api/v1/core/oauth/webauthn: passkey registration and sign-in, then the authorization code. */
export function passkeyRoutes(services: Services): Hono<AppEnv> {
  const party = relyingParty(services.config);
  const clients = new OAuthClients(services.config, party);
  const deps: PasskeyDeps = { db: services.db.kysely, party, challengeLifetimeMs };
  const routes = new Hono<AppEnv>();
  routes.onError(handleOAuthError);
  routes.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  const { rateLimit: limits, server } = services.config;
  routes.use(
    "*",
    rateLimit({
      store: services.rateLimits,
      limit: limits.passkeyRequestsPerIp,
      windowSeconds: limits.windowSeconds,
      keyOf: (c) => `ip:${clientIp(c, server.trustProxyHops)}:passkey`,
      message: passkeyIpLimitMessage,
    }),
  );
  const perEmail = rateLimit({
    store: services.rateLimits,
    limit: limits.passkeySignInsPerEmail,
    windowSeconds: limits.windowSeconds,
    keyOf: (c) => `email:${(c.req.query("email") ?? "").trim().toLowerCase()}:passkey-sign-in`,
    message: passkeyEmailLimitMessage,
  });

  routes.post("/register/start", async (c) => {
    const input = parseOr400(registrationInputSchema, {
      username: c.req.query("username") ?? "",
      email: c.req.query("email") ?? "",
      full_name: c.req.query("full_name") || undefined,
    });
    const started = await startRegistration(deps, {
      ...input,
      oauthState: oauthState(c.req.query("oauth_state"), false),
    });
    c.header(challengeIdHeader, started.challengeId);
    c.header("Access-Control-Expose-Headers", challengeIdHeader);
    return c.json({ publicKey: started.publicKey, challenge_id: started.challengeId });
  });

  routes.post("/register/finish", async (c) => {
    const body = parseOr400(registerFinishBodySchema, c.var.body);
    const { userId } = await finishRegistration(deps, {
      challengeId: body.challenge_id,
      username: body.username,
      email: body.email,
      credential: body.credential,
    });
    return c.json({ user_id: userId });
  });

  routes.post("/auth/start", perEmail, async (c) => {
    const email = (c.req.query("email") ?? "").trim().toLowerCase();
    const problem = emailProblem(email);
    if (problem) throw new OAuthError("invalid_request", problem);
    const state = oauthState(c.req.query("oauth_state"), true) as string;
    const started = await startAuthentication(deps, { email, oauthState: state });
    return c.json({ challenge_id: started.challengeId, publicKey: started.publicKey });
  });

  routes.post("/auth/finish", async (c) => {
    const body = parseOr400(authFinishBodySchema, c.var.body);
    const { userId } = await finishAuthentication(deps, {
      challengeId: body.challenge_id,
      credential: body.credential,
    });
    return c.json({ user_id: userId });
  });

  routes.get("/complete", async (c) => {
    const q = (name: string) => c.req.query(name) ?? "";
    const reply = await issueAuthorizationCode(
      { db: services.db.kysely, clients, ceremonyWindowMs, codeLifetimeMs },
      {
        user_id: q("user_id"),
        response_type: q("response_type"),
        client_id: q("client_id"),
        redirect_uri: q("redirect_uri"),
        scope: q("scope"),
        state: q("state"),
        code_challenge: q("code_challenge"),
        code_challenge_method: c.req.query("code_challenge_method"),
      },
    );
    return c.json(reply);
  });

  return routes;
}
