import { Hono } from "hono";
import type { AppEnv } from "../../http/env.js";
import type { Services } from "../../http/services.js";

/** GET /.well-known/jwks.json: public keys for anyone verifying our tokens. */
export function jwksRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/jwks.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    // Other origins (agents, tool servers running elsewhere) fetch this to verify tokens.
    c.header("Access-Control-Allow-Origin", "*");
    return c.json(services.tokens.jwks());
  });
  return routes;
}
