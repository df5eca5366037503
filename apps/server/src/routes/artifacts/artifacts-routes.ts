import { listQuerySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { ArtifactsRepository } from "../../db/repositories/artifacts.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readQuery } from "../../http/read-query.js";
import type { Services } from "../../http/services.js";
import { canUseArtifact } from "../../policies/artifacts.js";
import { presentArtifact, presentArtifacts } from "../../tasks/present-artifact.js";

/** /api/v1/core/artifacts: the caller's artifacts, newest first. */
export function artifactsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const artifacts = new ArtifactsRepository(services.db.kysely);
  routes.use("*", ...services.protect);

  routes.get("/", async (c) => {
    const { limit } = readQuery(c, listQuerySchema);
    const rows = await artifacts.listForUser(c.var.auth.userId, limit);
    return c.json(presentArtifacts(rows, c.var.log));
  });

  routes.get("/:id", async (c) => {
    const row = await artifacts.findById(c.req.param("id"));
    // A stored artifact that is no longer valid is not shown (core §5), single or in a list.
    const artifact = canUseArtifact(c.var.auth, row) ? presentArtifact(row, c.var.log) : undefined;
    if (!artifact) throw new AppError("not_found", "Artifact not found");
    return c.json(artifact);
  });

  return routes;
}
