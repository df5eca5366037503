import { newShareBodySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import {
  createShare,
  listShares,
  readShare,
  revokeShare,
} from "../../conversations/share-commands.js";
import type { AppEnv } from "../../http/env.js";
import { readBody } from "../../http/read-body.js";
import type { Services } from "../../http/services.js";

/** POST /api/v1/core/contexts/{id}/shares: share one of the caller's conversations. */
export function contextShareRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("/:id/shares", ...services.protect);
  routes.post("/:id/shares", async (c) => {
    const body = readBody(c, newShareBodySchema);
    const share = await createShare(
      services.db.kysely,
      c.var.auth,
      c.req.param("id"),
      body.up_to_message_id,
    );
    return c.json(share, 201);
  });
  return routes;
}

/** GET /api/v1/core/shares and DELETE /api/v1/core/shares/{id}: the caller's share links. */
export function sharesRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", ...services.protect);
  routes.get("/", async (c) => c.json(await listShares(services.db.kysely, c.var.auth)));
  routes.delete("/:id", async (c) => {
    await revokeShare(services.db.kysely, c.var.auth, c.req.param("id"));
    return c.body(null, 204);
  });
  return routes;
}

/** GET /api/v1/public/shares/{id}: what a share link shows, without a session. */
export function publicShareRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/:id", async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await readShare(services.db.kysely, c.req.param("id")));
  });
  return routes;
}
