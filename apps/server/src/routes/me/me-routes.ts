import type { MeResponse } from "@a2a-chat/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env.js";
import type { Services } from "../../http/services.js";

/** GET /api/v1/core/me: who the bearer token belongs to. */
export function meRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", ...services.protect);
  routes.get("/", (c) => {
    const { auth } = c.var;
    const body: MeResponse = {
      user_id: auth.userId,
      session_id: auth.sessionId,
      user_type: auth.userType,
      username: auth.username,
      email: auth.email,
      scopes: auth.scopes,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
  return routes;
}
