import { Hono } from "hono";
import { startAnonymousSession } from "../../auth/anonymous-session.js";
import { bearerToken } from "../../auth/require-auth.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import { clientIp } from "../../rate-limit/client-ip.js";
import { rateLimit } from "../../rate-limit/rate-limit.js";
import { passkeyRoutes } from "./passkey-routes.js";
import { tokenRoutes } from "./token-routes.js";

const dayMs = 86_400_000;

function isEmptyBody(body: unknown): boolean {
  return (
    body === undefined ||
    (typeof body === "object" &&
      body !== null &&
      !Array.isArray(body) &&
      Object.keys(body).length === 0)
  );
}

/** /api/v1/core/oauth: anonymous sessions, passkeys, the token endpoint and revocation. */
export function oauthRoutes(services: Services): Hono<AppEnv> {
  const { config } = services;
  const routes = new Hono<AppEnv>();

  routes.post(
    "/session",
    rateLimit({
      store: services.rateLimits,
      limit: config.rateLimit.anonymousSessionsPerIp,
      windowSeconds: config.rateLimit.windowSeconds,
      keyOf: (c) => `ip:${clientIp(c, config.server.trustProxyHops)}:session`,
    }),
    async (c) => {
      if (!isEmptyBody(c.var.body)) {
        throw new AppError("validation_failed", "This endpoint takes an empty body");
      }
      const reply = await startAnonymousSession(
        {
          db: services.db.kysely,
          tokens: services.tokens,
          renewalWindowMs: config.auth.anonymousRenewalDays * dayMs,
        },
        bearerToken(c.req.header("authorization")),
      );
      c.header("Cache-Control", "no-store");
      return c.json(reply);
    },
  );

  routes.route("/webauthn", passkeyRoutes(services));
  routes.route("/token", tokenRoutes(services));

  // Ends the session: its access tokens stop at once and its refresh token with it.
  routes.use("/revoke", ...services.protect);
  routes.post("/revoke", async (c) => {
    await services.sessions.revoke(c.var.auth.sessionId);
    return c.body(null, 204);
  });

  return routes;
}
