import { recordExecutionBodySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { ToolExecutionsRepository } from "../../db/repositories/tool-executions.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readBody } from "../../http/read-body.js";
import type { Services } from "../../http/services.js";
import { presentExecution } from "../../mcp/executions/present-execution.js";
import { recordReportedCall } from "../../mcp/executions/record-reported-call.js";
import { canUseToolExecution } from "../../policies/tool-executions.js";

/** /api/v1/mcp/executions: the caller's tool execution records (core spec §7), and reports of
 * third-party calls. */
export function executionsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const executions = new ToolExecutionsRepository(services.db.kysely);
  routes.use("*", ...services.protect);

  routes.get("/:id", async (c) => {
    const row = await executions.findById(c.req.param("id"));
    if (!canUseToolExecution(c.var.auth, row)) {
      throw new AppError("not_found", "Execution not found");
    }
    return c.json(presentExecution(row));
  });

  // A third-party server's call, reported by the browser that made it.
  routes.post("/", async (c) => {
    const body = readBody(c, recordExecutionBodySchema);
    const finished = await recordReportedCall(services, c.var.auth, body);
    return c.json(
      {
        execution: finished.execution,
        ...(finished.artifact ? { artifact: finished.artifact } : {}),
      },
      201,
    );
  });

  return routes;
}
