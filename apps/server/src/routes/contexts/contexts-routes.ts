import { contextNameBodySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { createContext, deleteContext, renameContext } from "../../contexts/context-commands.js";
import { presentContext } from "../../contexts/present-context.js";
import { ContextsRepository } from "../../db/repositories/contexts.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readBody } from "../../http/read-body.js";
import type { Services } from "../../http/services.js";
import { canUseContext } from "../../policies/contexts.js";

/** /api/v1/core/contexts: the caller's conversations. */
export function contextsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const contexts = new ContextsRepository(services.db.kysely);
  routes.use("*", ...services.protect);

  routes.get("/", async (c) => {
    const rows = await contexts.listForUser(c.var.auth.userId);
    return c.json(rows.map(presentContext));
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
