import { contextListQuerySchema, contextNameBodySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { createContext, deleteContext, renameContext } from "../../contexts/context-commands.js";
import { readContextsPage } from "../../contexts/contexts-page.js";
import { presentContext } from "../../contexts/present-context.js";
import { ContextsRepository } from "../../db/repositories/contexts.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readBody } from "../../http/read-body.js";
import { readQuery } from "../../http/read-query.js";
import type { Services } from "../../http/services.js";
import { canUseContext } from "../../policies/contexts.js";

/** /api/v1/core/contexts: the caller's conversations. */
export function contextsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const contexts = new ContextsRepository(services.db.kysely, undefined, services.db.readNow);
  routes.use("*", ...services.protect);

  // A page of conversations, most recently updated first; a Link header names the next page.
  routes.get("/", async (c) => {
    const query = readQuery(c, contextListQuerySchema);
    const page = await readContextsPage(contexts, c.get("auth").userId, query, c.req.path);
    if (page.next) c.header("Link", `<${page.next}>; rel="next"`);
    return c.json(page.records);
  });

  routes.post("/", async (c) => {
    const { name } = readBody(c, contextNameBodySchema);
    return c.json(await createContext(services, c.var.auth, name), 201);
  });

  routes.get("/:id", async (c) => {
    const row = await contexts.findById(c.req.param("id"));
    if (!canUseContext(c.var.auth, row)) throw new AppError("not_found", "Context not found");
    return c.json(presentContext(row));
  });

  routes.put("/:id", async (c) => {
    const { name } = readBody(c, contextNameBodySchema);
    return c.json(await renameContext(services, c.var.auth, c.req.param("id"), name));
  });

  routes.delete("/:id", async (c) => {
    await deleteContext(services, c.var.auth, c.req.param("id"));
    return c.body(null, 204);
  });

  return routes;
}
