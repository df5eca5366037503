import { externalMcpMessages } from "@a2a-chat/contracts";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { ExternalMcpServerRow } from "../../db/repositories/external-mcp-servers.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import {
  clientMetadataOf,
  type ProviderOptions,
  type StoredOAuthProvider,
  scopeUnion,
} from "../../oauth-client/stored-oauth-provider.js";
import {
  clientMetadataPath,
  type OAuthState,
  oauthCallbackPath,
  type StoredMcpCredentials,
} from "./mcp-credentials.js";
import { challengeOf } from "./oauth-challenge.js";
import { upstreamReason } from "./upstream-errors.js";

/** What the OAuth routes need from the routes of user-added servers. */
export interface OAuthRouteDeps {
  /** Authentication and the per-user rate limit. */
  guards: readonly [MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>];
  owned: (c: Context<AppEnv>) => Promise<ExternalMcpServerRow>;
  findById: (id: string) => Promise<ExternalMcpServerRow | undefined>;
  credentialsOf: (row: ExternalMcpServerRow) => StoredMcpCredentials;
  providerFor: (
    row: ExternalMcpServerRow,
    state: OAuthState,
    origin: string,
    options?: ProviderOptions,
  ) => StoredOAuthProvider;
  originOf: (c: Context<AppEnv>) => string;
  /** The HTTPS URL of this site's client ID metadata document, when it has one. */
  clientMetadataUrl: (origin: string) => string | undefined;
  oauthFetch: typeof fetch;
}

/**
 * OAuth 2.1 sign-in to a user-added MCP server (MCP authorization), by the MCP SDK's client
 * auth through the guarded fetch: the server is asked once without a token so its
 * WWW-Authenticate names its protected-resource metadata and scopes; then discovery of the
 * authorization server (RFC 8414 and OpenID Connect well-known URLs, path insertion first),
 * a client ID metadata document (SEP-991) where the authorization server takes one, else
 * dynamic client registration, else the client the user registered; PKCE S256. Servers set
 * up with client credentials get their tokens at once (client_credentials grant, with
 * client_secret_basic or a private_key_jwt assertion).
 */
export function addOAuthRoutes(routes: Hono<AppEnv>, deps: OAuthRouteDeps): void {
  const [requireAuth, perUserLimit] = deps.guards;
  routes.post("/:id/oauth/start", requireAuth, perUserLimit, async (c) => {
    const row = await deps.owned(c);
    const stored = deps.credentialsOf(row);
    if (stored.kind !== "oauth")
      throw new AppError("validation_failed", "This server does not sign in with OAuth");
    const origin = deps.originOf(c);
    // More scopes wanted: the sign-in asks for them, with those the tokens have.
    const more = stored.needs_scope !== undefined;
    const provider = deps.providerFor(row, stored, origin, {
      use: "sign_in",
      fresh: more,
      clientMetadataUrl: deps.clientMetadataUrl(origin),
    });
    let result: Awaited<ReturnType<typeof auth>>;
    try {
      const challenge = await challengeOf(
        row.url,
        row.transport === "sse" ? "sse" : "streamable_http",
        deps.oauthFetch,
      );
      const scope = scopeUnion(
        challenge.scope,
        stored.needs_scope,
        more ? stored.tokens?.scope : undefined,
        stored.scope,
      );
      result = await auth(provider, {
        serverUrl: row.url,
        fetchFn: deps.oauthFetch,
        ...(challenge.resourceMetadataUrl
          ? { resourceMetadataUrl: challenge.resourceMetadataUrl }
          : {}),
        ...(scope ? { scope } : {}),
      });
    } catch (error) {
      throw new AppError(
        "bad_request",
        externalMcpMessages.oauthFailed(upstreamReason(error).reason),
      );
    }
    if (result === "AUTHORIZED" || !provider.authorizationUrl)
      return c.json({ status: "signed_in" });
    return c.json({ status: "redirect", authorization_url: provider.authorizationUrl.href });
  });

  // The authorization server sends the user's browser here (no session token: the state names
  // the row, and must match the one the sign-in stored).
  routes.get("/oauth/callback", async (c) => {
    const page = (status: 200 | 400, text: string) => {
      c.header("Cache-Control", "no-store");
      return c.html(
        `<!doctype html><meta charset="utf-8"><title>A2A Chat</title><p>${escapeHtml(text)}</p><p><a href="/chat">Back to the chat</a></p>`,
        status,
      );
    };
    const state = c.req.query("state") ?? "";
    const row = await deps.findById(state.split(".")[0] ?? "");
    const stored = row ? deps.credentialsOf(row) : undefined;
    if (!row || stored?.kind !== "oauth")
      return page(400, externalMcpMessages.oauthFailed("this sign-in is unknown or over"));
    const provider = deps.providerFor(row, stored, deps.originOf(c), { use: "sign_in" });
    if (!provider.matchesState(state))
      return page(400, externalMcpMessages.oauthFailed("this sign-in is unknown or over"));
    const refused = c.req.query("error");
    if (refused) return page(400, externalMcpMessages.oauthFailed(refused));
    try {
      await auth(provider, {
        serverUrl: row.url,
        authorizationCode: c.req.query("code") ?? "",
        fetchFn: deps.oauthFetch,
      });
    } catch (error) {
      return page(400, externalMcpMessages.oauthFailed(upstreamReason(error).reason));
    }
    return page(200, externalMcpMessages.oauthSignedIn(row.name));
  });

  // This site's client ID metadata document (SEP-991): its URL is the client ID authorization
  // servers that accept such documents are given, and they read it here.
  routes.get("/oauth/client-metadata.json", (c) => {
    const origin = deps.originOf(c);
    const clientId = deps.clientMetadataUrl(origin) ?? `${origin}${clientMetadataPath}`;
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({ client_id: clientId, ...clientMetadataOf(`${origin}${oauthCallbackPath}`) });
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
