import type { MeResponse } from "@a2a-chat/contracts";
import { Hono } from "hono";
import type { AuthContext } from "../../auth/auth-context.js";
import type { AppEnv } from "../../http/env.js";
import type { Services } from "../../http/services.js";

/** Who the caller is, as GET /api/v1/core/me answers (also before Hono: http/fast-reads.ts). */
export function presentMe(auth: AuthContext): MeResponse {
  return {
    user_id: auth.userId,
    session_id: auth.sessionId,
    user_type: auth.userType,
    username: auth.username,
    email: auth.email,
    scopes: auth.scopes,
  };
}

/** GET /api/v1/core/me: who the bearer token belongs to. */
export function meRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", ...services.protect);
  routes.get("/", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(presentMe(c.var.auth));
  });
  return routes;
}
