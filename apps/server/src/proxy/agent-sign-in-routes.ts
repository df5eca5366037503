import {
  type AgentSignInResult,
  agentSignInBodySchema,
  agentSignInMessages,
  externalAgentMessages,
  externalAgentsPath,
} from "@a2a-chat/contracts";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Context } from "hono";
import type {
  ExternalAgentRow,
  ExternalAgentsRepository,
} from "../db/repositories/external-agents.js";
import type { AppEnv } from "../http/env.js";
import { AppError } from "../http/errors.js";
import { readBody } from "../http/read-body.js";
import type { Services } from "../http/services.js";
import { guardedStreamFetch } from "../net/guarded-stream-fetch.js";
import { refreshIfDue } from "../oauth-client/oauth-refresh.js";
import type { OAuthState } from "../oauth-client/oauth-state.js";
import { StoredOAuthProvider } from "../oauth-client/stored-oauth-provider.js";
import { swapPersist } from "../oauth-client/swap-persist.js";
import { reservedHeaderOf } from "./agent-credentials.js";
import { AgentDiscoveryFailed, discoveryFor } from "./agent-oauth-discovery.js";
import {
  type CardCredentials,
  openAgentCredentials,
  type StoredAgentCredentials,
} from "./agent-stored-credentials.js";
import { cardSchemes, type ParsedScheme, schemeScopes } from "./card-schemes.js";
import { agentCredentialsBinding } from "./credential-binding.js";
import type { SecretBox } from "./secret-box.js";

/** Path of the redirect URI this server registers with agents' authorization servers. */
export const agentOAuthCallbackPath = `${externalAgentsPath}/oauth/callback`;

/** What the sign-in needs from the agents' routes. */
export interface AgentSignInDeps {
  services: Services;
  repository: ExternalAgentsRepository;
  box: SecretBox | undefined;
  origin: (c: Context<AppEnv>) => string;
  /** The caller's row (404 for another user's). */
  owned: (c: Context<AppEnv>) => Promise<ExternalAgentRow>;
  /** Called when a row's credentials were replaced (its host is rebuilt). */
  changed: (id: string) => void;
}

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);

/**
 * Signing in to an added agent with the schemes its card declares: API key (header, query or
 * cookie), HTTP bearer or basic, OAuth 2.0 authorization code with PKCE and OpenID Connect
 * (the MCP SDK's OAuth client, shared with MCP servers: see oauth-client/). Tokens are kept per
 * user in the row's encrypted credentials and refreshed ahead of expiry, once across replicas.
 */
export function agentSignIn(deps: AgentSignInDeps) {
  const { services, repository, box } = deps;
  const boundTo = agentCredentialsBinding;
  const oauthFetch = guardedStreamFetch({
    ...services.config.outbound,
    idleMs: services.config.outbound.timeoutMs,
  });
  const open = (row: ExternalAgentRow): StoredAgentCredentials =>
    openAgentCredentials(row.credentials, boundTo(row), box);
  const seal = (state: StoredAgentCredentials, row: ExternalAgentRow): string => {
    if (!box) throw new AppError("bad_request", externalAgentMessages.noCredentialsKey);
    return box.seal(JSON.stringify(state), boundTo(row));
  };

  /** The provider of a row's OAuth state, written back by compare-and-swap (swapPersist). */
  const providerFor = (row: ExternalAgentRow, state: OAuthState, origin: string) =>
    new StoredOAuthProvider(
      state,
      row.id,
      `${origin}${agentOAuthCallbackPath}`,
      swapPersist(row, {
        seal,
        swap: (id, version, sealed) => repository.swapCredentials(id, version, sealed),
        find: (id) => repository.findById(id),
        openOAuth: (current) => {
          const theirs = open(current);
          return theirs.kind === "oauth" ? theirs : undefined;
        },
      }),
    );

  /** The row with its OAuth tokens refreshed when they expire soon (once across replicas). */
  const refreshed = (row: ExternalAgentRow, origin: string): Promise<ExternalAgentRow> =>
    refreshIfDue(row, {
      find: (id) => repository.findById(id),
      swap: async (id, expected, next) =>
        (await repository.swapCredentials(id, expected, next)) !== undefined,
      open,
      seal: (state, of) => seal(state, of),
      refresh: async (claimed, state) => {
        await auth(providerFor(claimed, state, origin), {
          serverUrl: row.endpoint,
          fetchFn: oauthFetch,
        });
      },
    }).catch(() => row);

  /** Credentials for a card's API key or HTTP scheme, from what the user typed. */
  const typedCredentials = (
    parsed: ParsedScheme,
    body: ReturnType<typeof agentSignInBodySchema.parse>,
  ): CardCredentials => {
    const { scheme } = parsed;
    if (scheme.type === "apiKey") {
      if (!body.value)
        throw new AppError("validation_failed", agentSignInMessages.valueRequired(scheme.name));
      if (scheme.location === "header") {
        const reserved = reservedHeaderOf({
          kind: "api_key",
          header: scheme.key_name,
          value: body.value,
        });
        if (reserved) throw new AppError("validation_failed", `Header ${reserved} cannot be set`);
      }
      if (scheme.location === "cookie" && /[;,\s]/.test(body.value))
        throw new AppError("validation_failed", "A cookie value cannot hold ';', ',' or spaces");
      return {
        kind: "card",
        scheme: scheme.name,
        shown: "api_key",
        location: scheme.location,
        name: scheme.key_name,
        value: body.value,
      };
    }
    const basic = scheme.type === "http" && scheme.scheme === "basic";
    if (basic && (body.username === undefined || !body.password))
      throw new AppError("validation_failed", agentSignInMessages.basicRequired);
    if (!basic && !body.value)
      throw new AppError("validation_failed", agentSignInMessages.valueRequired(scheme.name));
    const value = basic
      ? `Basic ${Buffer.from(`${body.username}:${body.password}`).toString("base64")}`
      : `Bearer ${body.value}`;
    return {
      kind: "card",
      scheme: scheme.name,
      shown: basic ? "basic" : "bearer",
      location: "header",
      name: "authorization",
      value,
    };
  };

  /** POST /{id}/sign-in: meets one of the card's schemes, or starts its OAuth sign-in. */
  const start = async (c: Context<AppEnv>) => {
    const row = await deps.owned(c);
    const body = readBody(c, agentSignInBodySchema);
    const card = JSON.parse(row.card) as Record<string, unknown>;
    const parsed = cardSchemes(card).find((s) => s.scheme.name === body.scheme);
    if (!parsed)
      throw new AppError("validation_failed", agentSignInMessages.unknownScheme(body.scheme));
    if (!parsed.scheme.signable)
      throw new AppError("validation_failed", agentSignInMessages.unsupported(body.scheme));
    if (!box) throw new AppError("bad_request", externalAgentMessages.noCredentialsKey);
    const userId = c.var.auth.userId;
    if (!parsed.authorization || parsed.scheme.type === "apiKey" || parsed.scheme.type === "http") {
      const stored = typedCredentials(parsed, body);
      const updated = await repository.setCredentials(userId, row.id, seal(stored, row));
      if (!updated) throw new AppError("not_found", "Agent not found");
      deps.changed(row.id);
      return c.json({ status: "signed_in" } satisfies AgentSignInResult);
    }
    let discovery: Awaited<ReturnType<typeof discoveryFor>>;
    try {
      discovery = await discoveryFor(parsed.authorization, oauthFetch);
    } catch (error) {
      const reason = error instanceof AgentDiscoveryFailed ? error.message : reasonOf(error);
      throw new AppError("bad_request", agentSignInMessages.discoveryFailed(reason));
    }
    const host = new URL(discovery.authorizationServerUrl).host;
    if (!body.client_id && !discovery.authorizationServerMetadata?.registration_endpoint)
      throw new AppError("validation_failed", agentSignInMessages.clientIdRequired(host));
    const scope = schemeScopes(card, parsed).join(" ");
    const state: OAuthState = {
      kind: "oauth",
      scheme: parsed.scheme.name,
      discovery,
      ...(scope ? { scope } : {}),
      ...(body.client_id
        ? {
            client: {
              client_id: body.client_id,
              ...(body.client_secret ? { client_secret: body.client_secret } : {}),
            },
          }
        : {}),
    };
    // The provider's first write replaces what was stored (compare-and-swap over it): a sign-in
    // that fails before it (the authorization server unreachable) leaves the old credentials.
    const provider = providerFor(row, state, deps.origin(c));
    let result: Awaited<ReturnType<typeof auth>>;
    try {
      result = await auth(provider, {
        serverUrl: row.endpoint,
        fetchFn: oauthFetch,
        ...(scope ? { scope } : {}),
      });
    } catch (error) {
      throw new AppError("bad_request", agentSignInMessages.failed(reasonOf(error)));
    }
    if (result === "AUTHORIZED" || !provider.authorizationUrl)
      return c.json({ status: "signed_in" } satisfies AgentSignInResult);
    return c.json({
      status: "redirect",
      authorization_url: provider.authorizationUrl.href,
    } satisfies AgentSignInResult);
  };

  /** GET /oauth/callback: the authorization server sends the user's browser back here. */
  const callback = async (c: Context<AppEnv>) => {
    const page = (status: 200 | 400, text: string) => {
      c.header("Cache-Control", "no-store");
      return c.html(
        `<!doctype html><meta charset="utf-8"><title>A2A Chat</title><p>${escapeHtml(text)}</p><p><a href="/chat">Back to the chat</a></p>`,
        status,
      );
    };
    const over = agentSignInMessages.failed("this sign-in is unknown or over");
    const stateParam = c.req.query("state") ?? "";
    const row = await repository.findById(stateParam.split(".")[0] ?? "");
    let stored: StoredAgentCredentials | undefined;
    try {
      stored = row ? open(row) : undefined;
    } catch {
      stored = undefined;
    }
    if (!row || stored?.kind !== "oauth") return page(400, over);
    const provider = providerFor(row, stored, deps.origin(c));
    if (!provider.matchesState(stateParam)) return page(400, over);
    const refused = c.req.query("error");
    if (refused) return page(400, agentSignInMessages.failed(refused.slice(0, 200)));
    try {
      await auth(provider, {
        serverUrl: row.endpoint,
        authorizationCode: c.req.query("code") ?? "",
        fetchFn: oauthFetch,
      });
    } catch (error) {
      return page(400, agentSignInMessages.failed(reasonOf(error)));
    }
    const card = JSON.parse(row.card) as { name?: unknown };
    const name = typeof card.name === "string" && card.name.trim() ? card.name.trim() : "the agent";
    return page(200, agentSignInMessages.signedIn(name.slice(0, 200)));
  };

  return { start, callback, refreshed, open };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
