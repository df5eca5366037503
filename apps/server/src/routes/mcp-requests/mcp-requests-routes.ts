import { Hono } from "hono";
import type { AppEnv } from "../../http/env.js";
import type { Services } from "../../http/services.js";
import { answerRequest, listPendingRequests } from "../../mcp/requests/answer-request.js";

/**
 * /api/v1/mcp/requests: what MCP servers ask the caller during tool calls (elicitation,
 * sampling), and the caller's answers. Any replica answers; the one running the call hears it.
 */
export function mcpRequestsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", ...services.protect);

  routes.get("/", async (c) =>
    c.json({ data: await listPendingRequests(services, c.var.auth.userId) }),
  );

  routes.post("/:id/answer", async (c) => {
    const request = await answerRequest(services, c.var.auth.userId, c.req.param("id"), c.var.body);
    return c.json(request);
  });
  return routes;
}
