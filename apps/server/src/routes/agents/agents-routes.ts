import {
  canAccess,
  externalMcpEndpoint,
  insufficientPermissionsMessage,
  restartingMessage,
} from "@a2a-chat/contracts";
import { type Context, Hono, type Next } from "hono";
import {
  agentCardJson,
  agentsInRegistryOrder,
  buildAgentCard,
  type CardAudience,
  type CardHost,
  defaultAgentName,
} from "../../agents/agent-cards.js";
import { createAgentHosts } from "../../agents/agent-hosts.js";
import { CallerUser } from "../../agents/caller-user.js";
import { signCard } from "../../agents/card-signature.js";
import { jsonRpcHandler, rpcError } from "../../agents/json-rpc-handler.js";
import { requestedCard, toLegacyAgentCard } from "../../agents/legacy-card.js";
import { isSendRequest } from "../../agents/rpc-request-check.js";
import { SafeRequestHandler } from "../../agents/safe-request-handler.js";
import type { AgentConfig } from "../../config/schema.js";
import { ExternalMcpServersRepository } from "../../db/repositories/external-mcp-servers.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { requestHeader } from "../../http/request-header.js";
import type { Services } from "../../http/services.js";
import { McpRegistry } from "../../mcp/mcp-registry.js";

/** JSON-RPC error code of a caller whose scopes do not reach the agent's requirements. */
export const insufficientScopeCode = -32010;

/**
 * /api/v1/agents: the public registry and cards, and each agent's A2A JSON-RPC endpoint (bearer
 * token required; agents with required scopes refuse callers without them).
 */
export function agentsRoutes(
  services: Services,
  startedAt: number,
  mcpRegistry: McpRegistry = new McpRegistry(services.config, services.logger),
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { config } = services;
  const cardHost = (requestUrl: string): CardHost => ({
    origin: config.server.publicUrl ?? new URL(requestUrl).origin,
    port: config.server.port,
    pid: process.pid,
    uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
  });
  const configuredOrigin = config.server.publicUrl ?? `http://localhost:${config.server.port}`;
  /** An agent's card as served: fresh (status, MCP servers) and signed with our key. */
  const signedCard = async (agent: AgentConfig, host: CardHost, audience: CardAudience) => {
    const entries = await mcpRegistry.entries(host.origin, agent.mcpServers);
    const card = buildAgentCard(agent, config, host, entries, audience);
    return signCard(card, services.tokens.signingKey, host.origin);
  };
  const hosts = createAgentHosts(services, cardHost(configuredOrigin), (agent, audience) =>
    signedCard(agent, cardHost(configuredOrigin), audience),
  );
  const userOf = (c: Context<AppEnv>) => new CallerUser(c.var.auth);
  const rpcHandlers = new Map(
    [...hosts].map(([name, { handler }]) => [
      name,
      jsonRpcHandler(new SafeRequestHandler(handler, services.logger), userOf),
    ]),
  );
  const hostOf = (name: string) => {
    const host = hosts.get(name);
    if (!host) throw new AppError("not_found", `No agent named ${name}`);
    return host;
  };

  routes.get("/registry", async (c) => {
    const host = cardHost(c.req.url);
    const agents = agentsInRegistryOrder(config);
    const used = [...new Set(agents.flatMap((agent) => agent.mcpServers))];
    const entries = await mcpRegistry.entries(host.origin, used);
    const signer = (card: Parameters<typeof signCard>[0]) =>
      signCard(card, services.tokens.signingKey, host.origin);
    const cards = await Promise.all(
      agents.map((agent) => signer(buildAgentCard(agent, config, host, entries))),
    );
    return c.json({ data: cards.map(agentCardJson) });
  });

  const serveCard = async (c: Context<AppEnv>, name: string) => {
    const { agent } = hostOf(name);
    const host = cardHost(c.req.url);
    // Public, but asked for with a token the answer is the caller's: no cache may keep it.
    c.header("Cache-Control", requestHeader(c, "authorization") ? "no-store" : "no-cache");
    // The same URL serves two shapes, so caches must key on the version header.
    c.header("Vary", "A2A-Version");
    const card = await signedCard(agent, host, "public");
    const wanted = requestedCard(c.req.header("A2A-Version"));
    if (wanted === "v1") return c.json(agentCardJson(card) as object);
    return c.json(toLegacyAgentCard(card, { embedV1Interfaces: wanted === "unversioned" }));
  };
  routes.get("/:name/.well-known/agent-card.json", (c) => serveCard(c, c.req.param("name")));
  // An SDK given the base URL .../agents/{name} without its trailing slash resolves the card one
  // level up, here: it gets the default agent's card (the other agents need the slash).
  routes.get("/.well-known/agent-card.json", (c) => serveCard(c, defaultAgentName(config) ?? ""));

  const [requireAuth, perUserLimit] = services.protect;
  if (!requireAuth || !perUserLimit)
    throw new Error("services.protect must hold auth and rate limit");
  const knownAgent = async (c: Context<AppEnv>, next: Next) => {
    hostOf(c.req.param("name") ?? "");
    await next();
  };
  const call = async (c: Context<AppEnv>) => {
    const { agent } = hostOf(c.req.param("name") ?? "");
    const { scopes } = c.var.auth;
    if (!canAccess(scopes, agent.requiredScopes)) {
      return c.json(
        rpcError(c.var.body, {
          code: insufficientScopeCode,
          message: insufficientPermissionsMessage(agent.requiredScopes, scopes),
        }),
        200,
      );
    }
    // Shutting down: running turns may finish, new ones go to another replica (or wait).
    if (services.runs.draining && isSendRequest(c.var.body)) {
      throw new AppError("service_unavailable", restartingMessage, { "Retry-After": "2" });
    }
    const rpc = rpcHandlers.get(agent.name);
    if (!rpc) throw new AppError("not_found", `No agent named ${agent.name}`);
    return rpc(c);
  };
  // The caller's own MCP servers lent to this agent (its details list them): the same query its
  // turns use, answered to that caller only (never on the card, which is public and cached).
  routes.get("/:name/user-mcp-servers", knownAgent, requireAuth, perUserLimit, async (c) => {
    const { agent } = hostOf(c.req.param("name") ?? "");
    const rows = await new ExternalMcpServersRepository(services.db.kysely).listForAgent(
      c.var.auth.userId,
      agent.name,
    );
    // A bearer request's reply is already no-store (set before the route runs).
    return c.json({
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        endpoint: externalMcpEndpoint(row.id),
      })),
    });
  });

  // With or without a trailing slash, as base URLs are written both ways.
  routes.post("/:name", knownAgent, requireAuth, perUserLimit, call);
  routes.post("/:name/", knownAgent, requireAuth, perUserLimit, call);

  return routes;
}
