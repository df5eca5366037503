import { canAccess, contextIdHeader, forbiddenMessage } from "@a2a-chat/contracts";
import { type Context, Hono, type Next } from "hono";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import type { BuiltinServer } from "../../mcp/builtin-server.js";
import { builtinServer } from "../../mcp/builtin-servers.js";
import { InFlightCalls } from "../../mcp/in-flight-calls.js";
import { builtinEndpointPath, McpRegistry } from "../../mcp/mcp-registry.js";
import { mcpMethodNotOffered } from "../../mcp/not-offered.js";
import { rebindingGuard } from "../../mcp/rebinding-guard.js";
import { serveBuiltin } from "../../mcp/serve-builtin.js";
import { taskIdHeader } from "../../mcp/tool-context.js";

const contextIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * /api/v1/mcp: the public tool-server registry and the built-in MCP servers (streamable HTTP,
 * bearer token and the server's configured scopes required).
 */
export function mcpRoutes(services: Services, registry?: McpRegistry): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { config } = services;
  const mcpRegistry = registry ?? new McpRegistry(config, services.logger);
  const inFlight = new InFlightCalls();

  routes.get("/registry", async (c) => {
    const origin = config.server.publicUrl ?? new URL(c.req.url).origin;
    return c.json({ data: await mcpRegistry.entries(origin) });
  });

  const [requireAuth, perUserLimit] = services.protect;
  if (!requireAuth || !perUserLimit)
    throw new Error("services.protect must hold auth and rate limit");

  const serverOf = (c: Context<AppEnv>): BuiltinServer => {
    const name = c.req.param("name") ?? "";
    const server = builtinServer(name);
    if (!server || !config.mcp.builtin[server.name].enabled) {
      throw new AppError("not_found", `No MCP server named ${name}`);
    }
    return server;
  };
  const knownServer = async (c: Context<AppEnv>, next: Next) => {
    serverOf(c);
    await next();
  };
  const permitted = async (c: Context<AppEnv>, next: Next) => {
    const { requiredScopes } = config.mcp.builtin[serverOf(c).name];
    if (!canAccess(c.var.auth.scopes, requiredScopes))
      throw new AppError("forbidden", forbiddenMessage);
    await next();
  };
  const guards = [
    rebindingGuard(config),
    knownServer,
    requireAuth,
    perUserLimit,
    permitted,
  ] as const;

  routes.post("/:name/mcp", ...guards, (c) => {
    const contextId = c.req.header(contextIdHeader);
    const taskId = c.req.header(taskIdHeader);
    return serveBuiltin(
      serverOf(c),
      c.req.raw,
      c.var.body,
      {
        services,
        userId: c.var.auth.userId,
        scopes: c.var.auth.scopes,
        traceId: c.var.requestId,
        endpoint: `${config.server.publicUrl ?? new URL(c.req.url).origin}${builtinEndpointPath(serverOf(c).name)}`,
        contextId: contextId && contextIdPattern.test(contextId) ? contextId : undefined,
        taskId: taskId && contextIdPattern.test(taskId) ? taskId : undefined,
      },
      inFlight,
    );
  });
  routes.get("/:name/mcp", ...guards, mcpMethodNotOffered);
  routes.delete("/:name/mcp", ...guards, mcpMethodNotOffered);
  return routes;
}
