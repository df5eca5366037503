import {
  contextTasksQuerySchema,
  listQuerySchema,
  unknownBeforeMessage,
} from "@a2a-chat/contracts";
import { Hono } from "hono";
import { ArtifactsRepository } from "../../db/repositories/artifacts.js";
import { ContextsRepository } from "../../db/repositories/contexts.js";
import { TasksRepository } from "../../db/repositories/tasks.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readQuery } from "../../http/read-query.js";
import type { Services } from "../../http/services.js";
import { canUseContext } from "../../policies/contexts.js";
import { loadTasks } from "../../tasks/load-tasks.js";
import { presentArtifacts } from "../../tasks/present-artifact.js";

/**
 * GET /api/v1/core/contexts/{id}/tasks and /artifacts: what one of the caller's conversations
 * holds. Mounted on the contexts path before the contexts routes, with its guards on its own
 * paths only, so a request passes the auth and rate-limit guards exactly once.
 */
export function contextItemsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const contexts = new ContextsRepository(services.db.kysely);
  const tasks = new TasksRepository(services.db.kysely);
  const artifacts = new ArtifactsRepository(services.db.kysely);

  const ownedContext = async (auth: AppEnv["Variables"]["auth"], id: string) => {
    const row = await contexts.findById(id);
    if (!canUseContext(auth, row)) throw new AppError("not_found", "Context not found");
    return row;
  };

  routes.use("/:id/tasks", ...services.protect);
  routes.use("/:id/artifacts", ...services.protect);

  routes.get("/:id/tasks", async (c) => {
    const { limit, order, before } = readQuery(c, contextTasksQuerySchema);
    const context = await ownedContext(c.var.auth, c.req.param("id"));
    if (order === "updated") {
      const rows = await tasks.listForContext(context.id, limit);
      return c.json(await loadTasks(services.db.kysely, rows, c.var.log));
    }
    const cursor = before === undefined ? undefined : await tasks.findById(before);
    if (before !== undefined && cursor?.context_id !== context.id) {
      throw new AppError("validation_failed", unknownBeforeMessage);
    }
    const rows = await tasks.pageForContext(context.id, limit, cursor);
    return c.json(await loadTasks(services.db.kysely, rows, c.var.log));
  });

  routes.get("/:id/artifacts", async (c) => {
    const { limit } = readQuery(c, listQuerySchema);
    const context = await ownedContext(c.var.auth, c.req.param("id"));
    const rows = await artifacts.listForContext(context.id, limit);
    return c.json(presentArtifacts(rows, c.var.log));
  });

  return routes;
}
