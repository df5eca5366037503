import { searchQuerySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { searchConversations } from "../../conversations/search-conversations.js";
import type { AppEnv } from "../../http/env.js";
import { readQuery } from "../../http/read-query.js";
import type { Services } from "../../http/services.js";

/** GET /api/v1/core/search?q=…: the caller's best matches across all their conversations. */
export function searchRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", ...services.protect);
  routes.get("/", async (c) => {
    const { q, limit } = readQuery(c, searchQuerySchema);
    return c.json(await searchConversations(services.db, c.var.auth.userId, q, limit));
  });
  return routes;
}
