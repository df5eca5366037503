import { Hono } from "hono";
import { OAuthClients } from "../../auth/oauth-clients.js";
import { handleOAuthError, OAuthError } from "../../auth/oauth-error.js";
import { relyingParty } from "../../auth/relying-party.js";
import { bearerToken } from "../../auth/require-auth.js";
import {
  exchangeCode,
  refreshGrant,
  type TokenGrantDeps,
  type Visitor,
} from "../../auth/token-grants.js";
import { InvalidTokenError } from "../../auth/token-service.js";
import type { AppEnv } from "../../http/env.js";
import type { Services } from "../../http/services.js";
import { SecretBox } from "../../proxy/secret-box.js";

const dayMs = 86_400_000;

/** Path of the token endpoint, the one API route that takes a form-encoded body. */
export const tokenEndpointPath = "/api/v1/core/oauth/token";

/** The anonymous visitor a bearer token proves (expired tokens too, while the session lives). */
async function visitorOf(
  services: Services,
  token: string | undefined,
): Promise<Visitor | undefined> {
  if (!token) return undefined;
  try {
    const claims = await services.tokens.verifyIgnoringExpiry(token);
    if (claims.user_type !== "anon") return undefined;
    if (!(await services.sessions.isActive(claims.session_id, claims.sub))) return undefined;
    return { userId: claims.sub, sessionId: claims.session_id };
  } catch (error) {
    if (error instanceof InvalidTokenError) return undefined;
    throw error;
  }
}

/** POST /api/v1/core/oauth/token: authorization_code (PKCE S256) and refresh_token grants. */
export function tokenRoutes(services: Services): Hono<AppEnv> {
  const clients = new OAuthClients(services.config, relyingParty(services.config));
  const deps: TokenGrantDeps = {
    db: services.db,
    tokens: services.tokens,
    clients,
    notifier: services.notifier,
    refreshLifetimeMs: services.config.auth.refreshTokenDays * dayMs,
    adminEmails: services.config.auth.adminEmails,
    ...(services.config.outbound.credentialsKey
      ? { credentialsBox: new SecretBox(services.config.outbound.credentialsKey) }
      : {}),
  };
  const routes = new Hono<AppEnv>();
  routes.onError(handleOAuthError);
  routes.post("/", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Pragma", "no-cache");
    const form = (c.var.body ?? {}) as Record<string, string | undefined>;
    if (form.grant_type === "authorization_code") {
      const visitor = await visitorOf(services, bearerToken(c.req.header("authorization")));
      const { moved, ...reply } = await exchangeCode(deps, form, visitor);
      if (moved) c.var.log.info({ userId: reply.user_id, moved }, "visitor data moved to account");
      return c.json(reply);
    }
    if (form.grant_type === "refresh_token") return c.json(await refreshGrant(deps, form));
    if (!form.grant_type) throw new OAuthError("invalid_request", "grant_type is required");
    throw new OAuthError(
      "unsupported_grant_type",
      "grant_type must be authorization_code or refresh_token",
    );
  });
  return routes;
}
