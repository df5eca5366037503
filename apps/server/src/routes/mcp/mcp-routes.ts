import { canAccess, contextIdHeader, forbiddenMessage } from "@a2a-chat/contracts";
import { type Context, Hono, type Next } from "hono";
import type { ExternalMcpServerConfig } from "../../config/mcp-schema.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import type { BuiltinServer } from "../../mcp/builtin-server.js";
import { builtinServer } from "../../mcp/builtin-servers.js";
import { configServerPolicy, configUpstream } from "../../mcp/config-upstream.js";
import { createProxyServer } from "../../mcp/external/proxy-server.js";
import { watchResponse } from "../../mcp/external/watch-route.js";
import { InFlightCalls } from "../../mcp/in-flight-calls.js";
import { McpRegistry, siteMcpEndpointPath } from "../../mcp/mcp-registry.js";
import { mcpMethodNotOffered } from "../../mcp/not-offered.js";
import { rebindingGuard } from "../../mcp/rebinding-guard.js";
import { serveBuiltin, serveStateless } from "../../mcp/serve-builtin.js";
import {
  createFixtureServer,
  fixtureServerName,
} from "../../mcp/servers/conformance/fixture-server.js";
import { type ToolContext, taskIdHeader } from "../../mcp/tool-context.js";

const contextIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** A server this site serves at /api/v1/mcp/{name}/mcp. */
type Served =
  | { kind: "builtin"; server: BuiltinServer }
  | { kind: "config"; server: ExternalMcpServerConfig }
  | { kind: "fixture"; server: { name: string } };

/**
 * /api/v1/mcp: the public tool-server registry, the built-in MCP servers, and the servers the
 * config file lists (`mcp.servers`), proxied with their configured credentials so that the
 * browser only talks to this site (streamable HTTP, bearer token required; a built-in server's
 * configured scopes too).
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

  const servedOf = (c: Context<AppEnv>): Served => {
    const name = c.req.param("name") ?? "";
    if (config.mcp.conformanceFixture && name === fixtureServerName)
      return { kind: "fixture", server: { name } };
    const builtin = builtinServer(name);
    if (builtin && config.mcp.builtin[builtin.name].enabled)
      return { kind: "builtin", server: builtin };
    const listed = config.mcp.servers.find((server) => server.name === name && server.enabled);
    if (listed) return { kind: "config", server: listed };
    throw new AppError("not_found", `No MCP server named ${name}`);
  };
  const knownServer = async (c: Context<AppEnv>, next: Next) => {
    servedOf(c);
    await next();
  };
  const permitted = async (c: Context<AppEnv>, next: Next) => {
    const served = servedOf(c);
    const requiredScopes =
      served.kind === "builtin" ? config.mcp.builtin[served.server.name].requiredScopes : [];
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
    const served = servedOf(c);
    const contextId = c.req.header(contextIdHeader);
    const taskId = c.req.header(taskIdHeader);
    const context: Omit<ToolContext, "signal"> = {
      services,
      userId: c.var.auth.userId,
      scopes: c.var.auth.scopes,
      traceId: c.var.requestId,
      endpoint: `${config.server.publicUrl ?? new URL(c.req.url).origin}${siteMcpEndpointPath(served.server.name)}`,
      contextId: contextId && contextIdPattern.test(contextId) ? contextId : undefined,
      taskId: taskId && contextIdPattern.test(taskId) ? taskId : undefined,
    };
    if (served.kind === "builtin")
      return serveBuiltin(served.server, c.req.raw, c.var.body, context, inFlight);
    if (served.kind === "fixture")
      return serveStateless(
        (signal) => createFixtureServer({ ...context, signal }),
        c.req.raw,
        c.var.body,
        context.userId,
        inFlight,
      );
    const upstream = configUpstream(served.server);
    const outbound = configServerPolicy(config.outbound, served.server);
    return serveStateless(
      (signal) => createProxyServer({ ...context, signal, server: upstream, outbound }),
      c.req.raw,
      c.var.body,
      context.userId,
      inFlight,
    );
  });
  // A config-listed server's notifications (its log, resource updates, list changes), as for
  // the servers users add; the built-in servers keep no session to watch.
  routes.get("/:name/watch", ...guards, (c) => {
    const served = servedOf(c);
    if (served.kind !== "config")
      throw new AppError("not_found", `No MCP server named ${served.server.name} to watch`);
    return watchResponse(
      c,
      configUpstream(served.server),
      configServerPolicy(config.outbound, served.server),
    );
  });
  routes.get("/:name/mcp", ...guards, mcpMethodNotOffered);
  routes.delete("/:name/mcp", ...guards, mcpMethodNotOffered);
  return routes;
}
