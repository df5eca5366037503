import {
  addExternalMcpBodySchema,
  contextIdHeader,
  type ExternalMcpServer,
  externalMcpEndpoint,
  externalMcpMessages,
  type McpTransport,
  mcpAgentUseBodySchema,
  redactUrl,
  updateMcpCredentialsBodySchema,
} from "@a2a-chat/contracts";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { type Context, Hono } from "hono";
import {
  type AgentChoice,
  agentUseMode,
  type ExternalMcpServerRow,
  ExternalMcpServersRepository,
} from "../../db/repositories/external-mcp-servers.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readBody } from "../../http/read-body.js";
import type { Services } from "../../http/services.js";
import { checkConnection } from "../../net/connection-check.js";
import { guardedStreamFetch } from "../../net/guarded-stream-fetch.js";
import { refreshIfDue } from "../../oauth-client/oauth-refresh.js";
import {
  type ProviderOptions,
  StoredOAuthProvider,
} from "../../oauth-client/stored-oauth-provider.js";
import { swapPersist } from "../../oauth-client/swap-persist.js";
import { credentialHeaders, reservedHeaderOf } from "../../proxy/agent-credentials.js";
import { mcpCredentialsBinding } from "../../proxy/credential-binding.js";
import { SecretBox } from "../../proxy/secret-box.js";
import { builtinServers } from "../builtin-servers.js";
import { InFlightCalls } from "../in-flight-calls.js";
import { mcpMethodNotOffered } from "../not-offered.js";
import { rebindingGuard } from "../rebinding-guard.js";
import { serveStateless } from "../serve-builtin.js";
import { taskIdHeader } from "../tool-context.js";
import { mcpCheckBeforeAdding } from "./mcp-check-route.js";
import {
  clientMetadataPath,
  type OAuthState,
  oauthCallbackPath,
  openMcpCredentials,
  privateKeyProblem,
  type StoredMcpCredentials,
  storedFrom,
} from "./mcp-credentials.js";
import { mcpProbe } from "./mcp-probe.js";
import { addOAuthRoutes } from "./oauth-routes.js";
import { createProxyServer } from "./proxy-server.js";
import { checkServerUrl } from "./server-url.js";
import { connectUpstream, listAllTools, type UpstreamServer } from "./upstream-client.js";
import { upstreamReason } from "./upstream-errors.js";
import { watchResponse } from "./watch-route.js";

const idPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** What the AES-GCM associated data binds a row's credentials to. */
const boundTo = mcpCredentialsBinding;

/**
 * /api/v1/mcp/external: the MCP servers the caller added (list, add or replace by name, remove),
 * each served to the browser on this site at /api/v1/mcp/external/{id}/mcp, an MCP endpoint that
 * forwards to the server with its stored credentials.
 */
export function externalMcpRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { config } = services;
  const repository = new ExternalMcpServersRepository(services.db.kysely);
  const key = config.outbound.credentialsKey;
  const box = key ? new SecretBox(key) : undefined;
  const inFlight = new InFlightCalls();
  const [requireAuth, perUserLimit] = services.protect;
  if (!requireAuth || !perUserLimit)
    throw new Error("services.protect must hold auth and rate limit");
  const reservedNames = new Set([
    ...builtinServers.map((s) => s.name.toLowerCase()),
    ...config.mcp.servers.map((s) => s.name.toLowerCase()),
  ]);

  const credentialsOf = (row: ExternalMcpServerRow): StoredMcpCredentials =>
    openMcpCredentials(row.credentials, boundTo(row), box);
  const seal = (
    credentials: StoredMcpCredentials,
    row: Pick<ExternalMcpServerRow, "user_id" | "name">,
  ): string | null =>
    credentials.kind === "none" || !box
      ? null
      : box.seal(JSON.stringify(credentials), boundTo(row));
  const originOf = (c: Context<AppEnv>) => config.server.publicUrl ?? new URL(c.req.url).origin;
  /** The client ID metadata document's URL (the client ID): HTTPS only (SEP-991). */
  const clientMetadataUrl = (origin: string) =>
    config.mcp.oauthClientMetadataUrl ??
    (origin.startsWith("https://") ? `${origin}${clientMetadataPath}` : undefined);
  const oauthFetch = guardedStreamFetch({ ...config.outbound, idleMs: config.outbound.timeoutMs });

  /**
   * The OAuth client provider of a row signing in with OAuth; its state is saved back only over
   * the credentials it was made from (or last wrote). When another replica wrote first, its state
   * is taken, except that fresh tokens from the authorization server replace a state without any.
   */
  const providerFor = (
    row: ExternalMcpServerRow,
    state: OAuthState,
    origin: string,
    options: ProviderOptions = { use: "call" },
  ) => {
    return new StoredOAuthProvider(
      state,
      row.id,
      `${origin}${oauthCallbackPath}`,
      swapPersist(row, {
        seal,
        swap: (id, version, sealed) => repository.swapCredentials(id, version, sealed),
        find: (id) => repository.findById(id),
        openOAuth: (current) => {
          const theirs = credentialsOf(current);
          return theirs.kind === "oauth" ? theirs : undefined;
        },
      }),
      { resource: row.url, fetchFn: oauthFetch, ...options },
    );
  };
  /** Refreshes a row's OAuth tokens ahead of their expiry (once across replicas). */
  const refreshed = (row: ExternalMcpServerRow, origin: string) =>
    refreshIfDue(row, {
      find: (id) => repository.findById(id),
      swap: async (id, expected, next) =>
        (await repository.swapCredentials(id, expected, next)) !== undefined,
      open: credentialsOf,
      seal: (state, of) => seal(state, of),
      refresh: async (claimed, state) => {
        await auth(providerFor(claimed, state, origin), {
          serverUrl: row.url,
          fetchFn: oauthFetch,
        });
      },
    });

  const siteAgents = new Set(config.agents.map((agent) => agent.name));
  /** The agents a row is lent to, as the API shows them. */
  const agentsOf = (
    row: ExternalMcpServerRow,
    chosen: Map<string, string[]>,
  ): ExternalMcpServer["agents"] => {
    const mode = Number(row.agent_use);
    if (mode === agentUseMode.all) return "all";
    return mode === agentUseMode.chosen ? (chosen.get(row.id) ?? []) : [];
  };
  /** One row as the API shows it, with the agents it is lent to. */
  const presentOne = async (row: ExternalMcpServerRow): Promise<ExternalMcpServer> =>
    present(row, await repository.chosenAgents(row.user_id));

  const present = (row: ExternalMcpServerRow, chosen: Map<string, string[]>): ExternalMcpServer => {
    let kind: ExternalMcpServer["credentials_kind"] = "none";
    let oauth: ExternalMcpServer["oauth"];
    try {
      const stored = credentialsOf(row);
      kind = stored.kind;
      if (stored.kind === "oauth")
        oauth =
          stored.tokens && stored.needs_scope === undefined ? "signed_in" : "sign_in_required";
    } catch {
      // Unreadable (the key changed): shown as none; calls fail until it is saved again.
    }
    return {
      id: row.id,
      name: row.name,
      url: redactUrl(row.url),
      transport: row.transport === "sse" ? "sse" : "streamable_http",
      endpoint: externalMcpEndpoint(row.id),
      credentials_kind: kind,
      ...(oauth ? { oauth } : {}),
      timeout_ms: row.timeout_ms,
      agent_use: agentsOf(row, chosen).length > 0,
      agents: agentsOf(row, chosen),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  };

  const upstreamOf = (
    row: Pick<ExternalMcpServerRow, "name" | "url" | "transport" | "timeout_ms">,
    credentials: StoredMcpCredentials,
    authProvider?: StoredOAuthProvider,
  ): UpstreamServer => ({
    name: row.name,
    url: row.url,
    transport: row.transport === "sse" ? "sse" : "streamable_http",
    headers: credentials.kind === "oauth" ? {} : credentialHeaders(credentials),
    timeoutMs: row.timeout_ms,
    ...(authProvider ? { authProvider } : {}),
  });
  /** The upstream server of a stored row, with its OAuth provider when it signs in with OAuth. */
  const upstreamOfRow = (row: ExternalMcpServerRow, origin: string): UpstreamServer => {
    const stored = credentialsOf(row);
    return upstreamOf(
      row,
      stored,
      stored.kind === "oauth" ? providerFor(row, stored, origin) : undefined,
    );
  };

  const owned = async (c: Context<AppEnv>): Promise<ExternalMcpServerRow> => {
    const row = await repository.findForUser(c.var.auth.userId, c.req.param("id") ?? "");
    if (!row) throw new AppError("not_found", "MCP server not found");
    return row;
  };

  /** Connects and lists the tools, as a save's check; the reason it failed, if it did. */
  const check = async (server: UpstreamServer): Promise<string | undefined> => {
    let upstream: Awaited<ReturnType<typeof connectUpstream>> | undefined;
    try {
      upstream = await connectUpstream(server, config.outbound);
      await listAllTools(upstream, { timeout: Math.min(server.timeoutMs, 30_000) });
      return undefined;
    } catch (error) {
      const { kind, reason } = upstreamReason(error);
      return kind === "invalid_list"
        ? externalMcpMessages.invalidToolList(server.name, reason)
        : externalMcpMessages.connectFailed(redactUrl(server.url), reason);
    } finally {
      await upstream?.close();
    }
  };

  routes.get("/", requireAuth, perUserLimit, async (c) => {
    const rows = await repository.listForUser(c.var.auth.userId);
    const chosen = await repository.chosenAgents(c.var.auth.userId);
    return c.json({ data: rows.map((row) => present(row, chosen)) });
  });

  routes.post("/", requireAuth, perUserLimit, async (c) => {
    const body = readBody(c, addExternalMcpBodySchema);
    const name = body.name;
    if (reservedNames.has(name.toLowerCase()))
      throw new AppError("validation_failed", externalMcpMessages.nameTaken(name));
    const checked = checkServerUrl(body.url, config.outbound.allowHosts);
    if ("error" in checked) throw new AppError("validation_failed", checked.error);
    const credentials = storedFrom(body.credentials ?? { kind: "none" });
    const reserved = credentials.kind === "oauth" ? undefined : reservedHeaderOf(credentials);
    if (reserved) throw new AppError("validation_failed", `Header ${reserved} cannot be set`);
    const badKey = privateKeyProblem(credentials);
    if (badKey) throw new AppError("validation_failed", badKey);
    if (credentials.kind !== "none" && !box)
      throw new AppError("bad_request", externalMcpMessages.noCredentialsKey);
    const transport: McpTransport = body.transport;
    // An OAuth server is checked once the user signed in (its tools need the tokens).
    const failed =
      credentials.kind === "oauth"
        ? undefined
        : await check(
            upstreamOf(
              { name, url: checked.url, transport, timeout_ms: body.timeout_ms },
              credentials,
            ),
          );
    if (failed) throw new AppError("bad_request", failed);
    const userId = c.var.auth.userId;
    const row = await repository.upsert({
      userId,
      name,
      url: checked.url,
      transport,
      timeoutMs: body.timeout_ms,
      credentials: seal(credentials, { user_id: userId, name }),
    });
    return c.json(await presentOne(row), 201);
  });

  routes.put("/:id/credentials", requireAuth, perUserLimit, async (c) => {
    const row = await owned(c);
    const credentials = storedFrom(readBody(c, updateMcpCredentialsBodySchema).credentials);
    const reserved = credentials.kind === "oauth" ? undefined : reservedHeaderOf(credentials);
    if (reserved) throw new AppError("validation_failed", `Header ${reserved} cannot be set`);
    const badKey = privateKeyProblem(credentials);
    if (badKey) throw new AppError("validation_failed", badKey);
    if (credentials.kind !== "none" && !box)
      throw new AppError("bad_request", externalMcpMessages.noCredentialsKey);
    const sealed = seal(credentials, row);
    const updated = await repository.setCredentials(c.var.auth.userId, row.id, sealed);
    if (!updated) throw new AppError("not_found", "MCP server not found");
    return c.json(await presentOne(updated));
  });

  routes.put("/:id/agent-use", requireAuth, perUserLimit, async (c) => {
    const row = await owned(c);
    const body = readBody(c, mcpAgentUseBodySchema);
    const agents: AgentChoice = "enabled" in body ? (body.enabled ? "all" : []) : body.agents;
    const unknown = agents === "all" ? undefined : agents.find((name) => !siteAgents.has(name));
    if (unknown !== undefined)
      throw new AppError("validation_failed", externalMcpMessages.unknownAgent(unknown));
    const updated = await repository.setAgentUse(c.var.auth.userId, row.id, agents);
    if (!updated) throw new AppError("not_found", "MCP server not found");
    return c.json(await presentOne(updated));
  });

  routes.post("/check", requireAuth, perUserLimit, mcpCheckBeforeAdding(config.outbound));
  routes.post("/:id/check", requireAuth, perUserLimit, async (c) => {
    const row = await refreshed(await owned(c), originOf(c)).catch(() => owned(c));
    const server = upstreamOfRow(row, originOf(c));
    return c.json(
      await checkConnection(row.url, config.outbound, mcpProbe(server, config.outbound)),
    );
  });

  addOAuthRoutes(routes, {
    guards: [requireAuth, perUserLimit] as const,
    owned,
    findById: (id) => repository.findById(id),
    credentialsOf,
    providerFor,
    originOf,
    clientMetadataUrl,
    oauthFetch,
  });

  routes.delete("/:id", requireAuth, perUserLimit, async (c) => {
    const row = await owned(c);
    await repository.remove(c.var.auth.userId, row.id);
    return c.body(null, 204);
  });

  const guards = [rebindingGuard(config), requireAuth, perUserLimit] as const;
  routes.post("/:id/mcp", ...guards, async (c) => {
    // A refresh that failed leaves the row as it was: the call then meets the server's 401.
    const row = await refreshed(await owned(c), originOf(c)).catch(() => owned(c));
    const contextId = c.req.header(contextIdHeader);
    const taskId = c.req.header(taskIdHeader);
    const origin = config.server.publicUrl ?? new URL(c.req.url).origin;
    const server = upstreamOfRow(row, originOf(c));
    return serveStateless(
      (signal) =>
        createProxyServer({
          services,
          userId: c.var.auth.userId,
          scopes: c.var.auth.scopes,
          traceId: c.var.requestId,
          endpoint: `${origin}${externalMcpEndpoint(row.id)}`,
          contextId: contextId && idPattern.test(contextId) ? contextId : undefined,
          taskId: taskId && idPattern.test(taskId) ? taskId : undefined,
          signal,
          server,
        }),
      c.req.raw,
      c.var.body,
      c.var.auth.userId,
      inFlight,
    );
  });
  routes.get("/:id/watch", ...guards, async (c) => {
    const row = await refreshed(await owned(c), originOf(c)).catch(() => owned(c));
    return watchResponse(c, upstreamOfRow(row, originOf(c)), config.outbound);
  });
  routes.get("/:id/mcp", ...guards, mcpMethodNotOffered);
  routes.delete("/:id/mcp", ...guards, mcpMethodNotOffered);
  return routes;
}
