import { contextBranchBodySchema, contextForkBodySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { chooseBranch } from "../../contexts/branch-commands.js";
import { forkContext } from "../../contexts/fork-context.js";
import type { AppEnv } from "../../http/env.js";
import { readBody } from "../../http/read-body.js";
import type { Services } from "../../http/services.js";

/**
 * PUT /api/v1/core/contexts/{id}/branch (the branch a conversation shows) and POST
 * /api/v1/core/contexts/{id}/fork (a new conversation from one of its branches). Mounted on the
 * contexts path before the contexts routes, with its guards on its own paths only.
 */
export function contextBranchRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("/:id/branch", ...services.protect);
  routes.use("/:id/fork", ...services.protect);

  routes.put("/:id/branch", async (c) => {
    const body = readBody(c, contextBranchBodySchema);
    return c.json(await chooseBranch(services, c.var.auth, c.req.param("id"), body));
  });

  routes.post("/:id/fork", async (c) => {
    const { task_id } = readBody(c, contextForkBodySchema);
    return c.json(await forkContext(services, c.var.auth, c.req.param("id"), task_id), 201);
  });

  return routes;
}
