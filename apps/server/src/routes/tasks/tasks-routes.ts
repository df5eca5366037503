import { taskListQuerySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { ArtifactsRepository } from "../../db/repositories/artifacts.js";
import { TasksRepository } from "../../db/repositories/tasks.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readQuery } from "../../http/read-query.js";
import type { Services } from "../../http/services.js";
import { canUseTask } from "../../policies/tasks.js";
import { loadTask, loadTasks } from "../../tasks/load-tasks.js";
import { presentArtifacts } from "../../tasks/present-artifact.js";

const notFound = () => new AppError("not_found", "Task not found");

/** /api/v1/core/tasks: the caller's tasks, with their histories and artifacts. */
export function tasksRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tasks = new TasksRepository(services.db.kysely);
  const artifacts = new ArtifactsRepository(services.db.kysely);
  routes.use("*", ...services.protect);

  routes.get("/", async (c) => {
    const { status, limit } = readQuery(c, taskListQuerySchema);
    const rows = await tasks.listForUser(c.var.auth.userId, { state: status, limit });
    return c.json(await loadTasks(services.db.kysely, rows, c.var.log));
  });

  routes.get("/:id", async (c) => {
    const row = await tasks.findById(c.req.param("id"));
    if (!canUseTask(c.var.auth, row)) throw notFound();
    const task = await loadTask(services.db.kysely, row, c.var.log);
    if (!task) throw notFound();
    return c.json(task);
  });

  routes.get("/:id/artifacts", async (c) => {
    const row = await tasks.findById(c.req.param("id"));
    if (!canUseTask(c.var.auth, row)) throw notFound();
    return c.json(presentArtifacts(await artifacts.listForTasks([row.id]), c.var.log));
  });

  return routes;
}
