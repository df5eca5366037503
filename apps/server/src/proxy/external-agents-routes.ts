import {
  type AgentCredentials,
  addExternalAgentBodySchema,
  type CardVerification,
  cardVerificationSchema,
  checkExternalAgentBodySchema,
  type ExternalAgent,
  externalAgentMessages,
  externalAgentsPath,
  restartingMessage,
  updateCredentialsBodySchema,
} from "@a2a-chat/contracts";
import { type Context, Hono } from "hono";
import { credentialsRequiredCode, rpcError } from "../agents/json-rpc-handler.js";
import { isSendRequest } from "../agents/rpc-request-check.js";
import {
  type ExternalAgentRow,
  ExternalAgentsRepository,
} from "../db/repositories/external-agents.js";
import type { AppEnv } from "../http/env.js";
import { AppError } from "../http/errors.js";
import { readBody } from "../http/read-body.js";
import type { Services } from "../http/services.js";
import { checkConnection } from "../net/connection-check.js";
import { AgentDiscoveryError, normaliseAgentUrl } from "./agent-card-discovery.js";
import { credentialHeaders, reservedHeaderOf } from "./agent-credentials.js";
import { agentProbe } from "./agent-probe.js";
import { agentSignIn } from "./agent-sign-in-routes.js";
import {
  agentAuthOf,
  hasUsableCredentials,
  type StoredAgentCredentials,
  shownKind,
} from "./agent-stored-credentials.js";
import { CardKeys } from "./card-keys.js";
import { cardSchemes } from "./card-schemes.js";
import { AgentRefusedError, type CheckedAgent, discoverCheckedAgent } from "./checked-discovery.js";
import { agentCredentialsBinding } from "./credential-binding.js";
import { extendedCardRoute } from "./extended-card-route.js";
import { ExternalAgentHosts } from "./external-agent-hosts.js";
import { proxyCardJson } from "./proxy-card.js";
import { missingCredentialsMessage } from "./remote-security.js";
import { SecretBox } from "./secret-box.js";

/** The stored result of checking a row's card signatures (none for rows from before 0042). */
function verificationOf(row: ExternalAgentRow): { card_verification?: CardVerification } {
  if (!row.card_verification) return {};
  const parsed = cardVerificationSchema.safeParse(JSON.parse(row.card_verification));
  return parsed.success ? { card_verification: parsed.data } : {};
}

/**
 * /api/v1/agents/external: the agents the caller added by URL (list, add or replace, remove),
 * each served to the browser on this site: its card and its A2A JSON-RPC endpoint at
 * /api/v1/agents/external/{id}, which the server forwards to the agent.
 */
export function externalAgentsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { config } = services;
  const repository = new ExternalAgentsRepository(services.db.kysely);
  const key = config.outbound.credentialsKey;
  const box = key ? new SecretBox(key) : undefined;
  const hosts = new ExternalAgentHosts(services, box);
  const origin = (c: Context<AppEnv>) => config.server.publicUrl ?? new URL(c.req.url).origin;
  const owned = async (c: Context<AppEnv>): Promise<ExternalAgentRow> => {
    const row = await repository.findForUser(c.var.auth.userId, c.req.param("id") ?? "");
    if (!row) throw new AppError("not_found", "Agent not found");
    return row;
  };
  const signIn = agentSignIn({
    services,
    repository,
    box,
    origin,
    owned,
    changed: (id) => hosts.forget(id),
  });
  // The authorization server sends the browser back without our session token: the state it
  // carries names the row, and must match the one the sign-in stored.
  routes.get("/oauth/callback", signIn.callback);
  const keys = new CardKeys(config.outbound);
  routes.use("*", ...services.protect);

  const proxyUrlOf = (c: Context<AppEnv>, id: string) => `${origin(c)}${externalAgentsPath}/${id}`;
  const boundTo = agentCredentialsBinding;
  const storedOf = (row: ExternalAgentRow): StoredAgentCredentials => {
    try {
      return signIn.open(row);
    } catch {
      // Unreadable (the key changed): shown as none; calls will fail until it is added again.
      return { kind: "none" };
    }
  };

  const present = (c: Context<AppEnv>, row: ExternalAgentRow): ExternalAgent => {
    const stored = storedOf(row);
    const kind = shownKind(stored);
    const proxyUrl = proxyUrlOf(c, row.id);
    const remote = JSON.parse(row.card) as Record<string, unknown>;
    const schemes = cardSchemes(remote).map((parsed) => parsed.scheme);
    const fromCard = stored.kind === "card" || stored.kind === "oauth" ? stored.scheme : undefined;
    return {
      id: row.id,
      url: row.url,
      proxy_url: proxyUrl,
      protocol: row.protocol === "0.3" ? "0.3" : "1.0",
      card: proxyCardJson(remote, proxyUrl),
      credentials_kind: kind,
      ...(schemes.length > 0
        ? {
            sign_in: {
              schemes,
              ...(fromCard ? { scheme: fromCard } : {}),
              ...(stored.kind === "oauth"
                ? { status: stored.tokens ? "signed_in" : "sign_in_required" }
                : {}),
            },
          }
        : {}),
      ...verificationOf(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  };

  routes.get("/", async (c) => {
    const rows = await repository.listForUser(c.var.auth.userId);
    return c.json({ data: rows.map((row) => present(c, row)) });
  });

  routes.post("/", async (c) => {
    const body = readBody(c, addExternalAgentBodySchema);
    const url = normaliseAgentUrl(body.url);
    if (!url)
      throw new AppError("bad_request", externalAgentMessages.connectFailed(body.url.trim()));
    const credentials: AgentCredentials = body.credentials ?? { kind: "none" };
    const reserved = reservedHeaderOf(credentials);
    if (reserved) throw new AppError("validation_failed", `Header ${reserved} cannot be set`);
    if (credentials.kind !== "none" && !box)
      throw new AppError("bad_request", externalAgentMessages.noCredentialsKey);
    let discovered: CheckedAgent;
    try {
      discovered = await discoverCheckedAgent(url, config.outbound, keys);
    } catch (error) {
      if (error instanceof AgentDiscoveryError || error instanceof AgentRefusedError)
        throw new AppError("bad_request", error.message);
      throw error;
    }
    const userId = c.var.auth.userId;
    const row = await repository.upsert({
      userId,
      url,
      card: JSON.stringify(discovered.card),
      protocol: discovered.protocol,
      endpoint: discovered.endpoint,
      cardVerification: JSON.stringify(discovered.verification),
      credentials:
        credentials.kind === "none" || !box
          ? null
          : box.seal(JSON.stringify(credentials), boundTo({ user_id: userId, url })),
    });
    hosts.forget(row.id);
    return c.json(present(c, row), 201);
  });

  routes.put("/:id/credentials", async (c) => {
    const row = await owned(c);
    const { credentials } = readBody(c, updateCredentialsBodySchema);
    const reserved = reservedHeaderOf(credentials);
    if (reserved) throw new AppError("validation_failed", `Header ${reserved} cannot be set`);
    if (credentials.kind !== "none" && !box)
      throw new AppError("bad_request", externalAgentMessages.noCredentialsKey);
    const sealed =
      credentials.kind === "none" || !box
        ? null
        : box.seal(JSON.stringify(credentials), boundTo(row));
    const updated = await repository.setCredentials(c.var.auth.userId, row.id, sealed);
    if (!updated) throw new AppError("not_found", "Agent not found");
    hosts.forget(row.id);
    return c.json(present(c, updated));
  });

  routes.post("/:id/sign-in", signIn.start);

  // The connection doctor: for an agent not added yet (the add form's fields, nothing stored)…
  routes.post("/check", async (c) => {
    const body = readBody(c, checkExternalAgentBodySchema);
    const credentials: AgentCredentials = body.credentials ?? { kind: "none" };
    const reserved = reservedHeaderOf(credentials);
    if (reserved) throw new AppError("validation_failed", `Header ${reserved} cannot be set`);
    const url = normaliseAgentUrl(body.url) ?? body.url.trim();
    const probe = agentProbe(url, credentialHeaders(credentials), config.outbound);
    return c.json(await checkConnection(url, config.outbound, probe));
  });

  // …and for an added one, with its stored credentials (OAuth tokens refreshed first).
  routes.post("/:id/check", async (c) => {
    const row = await signIn.refreshed(await owned(c), origin(c));
    const { headers, query } = agentAuthOf(storedOf(row));
    return c.json(
      await checkConnection(
        row.url,
        config.outbound,
        agentProbe(row.url, headers, config.outbound, query),
      ),
    );
  });

  routes.delete("/:id", async (c) => {
    const row = await owned(c);
    await repository.remove(c.var.auth.userId, row.id);
    hosts.forget(row.id);
    return c.body(null, 204);
  });

  routes.get("/:id/.well-known/agent-card.json", async (c) => {
    const row = await owned(c);
    c.header("Cache-Control", "no-store");
    return c.json(present(c, row).card);
  });

  extendedCardRoute(routes, {
    services,
    keys,
    owned,
    proxyUrlOf,
    authOf: async (c, row) => agentAuthOf(storedOf(await signIn.refreshed(row, origin(c)))),
  });

  const call = async (c: Context<AppEnv>) => {
    const row = await signIn.refreshed(await owned(c), origin(c));
    // The agent's own sign-in: a message without the credentials it asks for can only fail
    // there, so it is refused here (an API client meets the rule the chat shows).
    const missing =
      isSendRequest(c.var.body) &&
      missingCredentialsMessage(
        JSON.parse(row.card) as Record<string, unknown>,
        hasUsableCredentials(storedOf(row)),
      );
    if (missing)
      return c.json(rpcError(c.var.body, { code: credentialsRequiredCode, message: missing }), 200);
    if (services.runs.draining && isSendRequest(c.var.body))
      throw new AppError("service_unavailable", restartingMessage, { "Retry-After": "2" });
    return hosts.rpcFor(row, proxyUrlOf(c, row.id))(c);
  };
  routes.post("/:id", call);
  routes.post("/:id/", call);
  return routes;
}
