import type { KeyObject } from "node:crypto";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type { OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { z } from "zod";
import { addGrantRoutes, express } from "./oauth-grant-routes.js";

/**
 * An MCP server protected by OAuth 2.1, with its own authorization server, built on the MCP SDK's
 * server auth: protected-resource and authorization-server metadata, dynamic client
 * registration (unless `registration: false`; clients can be registered beforehand), PKCE (S256)
 * checked by the SDK, client secrets checked by the SDK at the token endpoint, refresh tokens. Authorization is granted at once
 * (no login page): /authorize redirects straight back with a code. Access tokens live
 * `accessTtlSeconds`; every token issued and each grant is recorded, and requests refused with
 * 401 are counted. Refresh tokens rotate: each is good for one refresh.
 */
export async function startOAuthMcpServer(
  options: {
    accessTtlSeconds?: number;
    /** false: no dynamic client registration (no registration endpoint in the metadata). */
    registration?: boolean;
    /** Clients registered beforehand (by the server's owner, outside OAuth). */
    preRegistered?: OAuthClientInformationFull[];
    /** Scopes every MCP request needs (a 401 names them in WWW-Authenticate). */
    requiredScopes?: string[];
    /** Scopes tools/call needs besides (a 403 insufficient_scope names them all). */
    callScopes?: string[];
    /** The protected-resource metadata only here (named in WWW-Authenticate), not well-known. */
    resourceMetadataPath?: string;
    /**
     * Client credentials grant: the clients that may use it (secret checked as registered, by
     * client_secret_basic) and the public keys of those that sign a private_key_jwt assertion.
     */
    clientCredentials?: { keys?: Record<string, KeyObject> };
    /** Cross-app access: takes identity assertions (ID-JAG) signed with this key. */
    identityAssertionKey?: KeyObject;
    /** Client ID metadata documents (SEP-991): how this server reads the one a URL names. */
    readClientMetadata?: (url: string) => Promise<OAuthClientInformationFull | undefined>;
  } = {},
) {
  const ttl = options.accessTtlSeconds ?? 3600;
  const clients = new Map<string, OAuthClientInformationFull>(
    (options.preRegistered ?? []).map((client) => [client.client_id, client]),
  );
  const codes = new Map<
    string,
    { challenge: string; clientId: string; redirectUri: string; scopes: string[] }
  >();
  const access = new Map<string, { clientId: string; expiresAt: number; scopes: string[] }>();
  /** The scope of each authorization request, in order. */
  const requestedScopes: (string | undefined)[] = [];
  /** The client IDs of each authorization request, in order. */
  const authorizationClients: string[] = [];
  const refresh = new Map<string, string>();
  const grants: string[] = [];
  /** MCP requests refused for want of a valid access token (401). */
  let rejected = 0;
  const issue = (clientId: string, scopes: string[] = [], withRefresh = true) => {
    const token = randomUUID();
    const refreshToken = randomUUID();
    access.set(token, { clientId, expiresAt: Math.floor(Date.now() / 1000) + ttl, scopes });
    if (withRefresh) refresh.set(refreshToken, clientId);
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: ttl,
      ...(withRefresh ? { refresh_token: refreshToken } : {}),
      ...(scopes.length ? { scope: scopes.join(" ") } : {}),
    };
  };
  const readDocument = options.readClientMetadata;
  const provider: OAuthServerProvider = {
    clientsStore: {
      getClient: async (id) =>
        clients.get(id) ??
        (readDocument && id.startsWith("https://") ? readDocument(id) : undefined),
      ...(options.registration === false
        ? {}
        : {
            registerClient: async (client: OAuthClientInformationFull) => {
              const full = {
                ...client,
                client_id: randomUUID(),
                client_id_issued_at: Math.floor(Date.now() / 1000),
              } as OAuthClientInformationFull;
              clients.set(full.client_id, full);
              return full;
            },
          }),
    },
    async authorize(client, params, res) {
      const code = randomUUID();
      requestedScopes.push(params.scopes?.join(" "));
      authorizationClients.push(client.client_id);
      codes.set(code, {
        challenge: params.codeChallenge,
        clientId: client.client_id,
        redirectUri: params.redirectUri,
        scopes: params.scopes ?? [],
      });
      const target = new URL(params.redirectUri);
      target.searchParams.set("code", code);
      if (params.state) target.searchParams.set("state", params.state);
      res.redirect(302, target.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const held = codes.get(code);
      if (!held) throw new Error("unknown code");
      return held.challenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const held = codes.get(code);
      if (!held || held.clientId !== client.client_id) throw new Error("bad code");
      codes.delete(code);
      grants.push("authorization_code");
      return issue(client.client_id, held.scopes);
    },
    async exchangeRefreshToken(client, refreshToken) {
      if (refresh.get(refreshToken) !== client.client_id) throw new Error("bad refresh token");
      refresh.delete(refreshToken);
      grants.push("refresh_token");
      return issue(client.client_id);
    },
    async verifyAccessToken(token) {
      const held = access.get(token);
      if (!held) throw new Error("unknown token");
      return { token, clientId: held.clientId, scopes: held.scopes, expiresAt: held.expiresAt };
    },
  };

  const app = express();
  let server: Server | undefined;
  const listening = await new Promise<Server>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve(server as Server));
  });
  const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  const mcpUrl = new URL(`${origin}/mcp`);
  const resourceMetadataUrl = options.resourceMetadataPath
    ? `${origin}${options.resourceMetadataPath}`
    : getOAuthProtectedResourceMetadataUrl(mcpUrl);
  addGrantRoutes(app, {
    origin,
    mcpUrl: mcpUrl.href,
    options,
    clients,
    grant: (clientId, scope, grant = "client_credentials") => {
      grants.push(grant);
      return issue(clientId, scope ? scope.split(" ") : [], false);
    },
  });
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl: mcpUrl }));
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl,
    ...(options.requiredScopes ? { requiredScopes: options.requiredScopes } : {}),
  });
  const callScopes = [...(options.requiredScopes ?? []), ...(options.callScopes ?? [])];
  /** tools/call needs callScopes too: refused with 403 insufficient_scope naming them all. */
  const stepUp = (
    req: IncomingMessage & { body?: { method?: string }; auth?: { scopes: string[] } },
    res: ServerResponse,
    next: () => void,
  ) => {
    const scopes = req.auth?.scopes ?? [];
    if (req.body?.method !== "tools/call" || callScopes.every((s) => scopes.includes(s)))
      return next();
    res.statusCode = 403;
    res.setHeader(
      "WWW-Authenticate",
      `Bearer error="insufficient_scope", scope="${callScopes.join(" ")}", resource_metadata="${resourceMetadataUrl}"`,
    );
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ error: "insufficient_scope" }));
  };
  const counted = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    res.on("finish", () => {
      if (res.statusCode === 401) rejected += 1;
    });
    (bearer as (req: IncomingMessage, res: ServerResponse, next: () => void) => void)(
      req,
      res,
      next,
    );
  };
  app.post(
    "/mcp",
    express.json(),
    counted,
    stepUp,
    async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      const mcp = new McpServer({ name: "oauth-protected", version: "1.0.0" });
      mcp.registerTool(
        "whoami",
        {
          description: "Says which OAuth client called",
          inputSchema: { note: z.string().optional() },
        },
        async (_args, extra) => ({
          content: [{ type: "text", text: `client ${extra.authInfo?.clientId ?? "none"}` }],
        }),
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, req.body);
    },
  );
  return {
    origin,
    url: mcpUrl.href,
    clients,
    grants,
    /** The scope each authorization request asked for, in order. */
    requestedScopes,
    /** The client ID each authorization request named, in order. */
    authorizationClients,
    /** How many MCP requests were refused with 401 so far. */
    rejected: () => rejected,
    /** Whether the token is an access token this server issued that has not expired. */
    accessTokenValid: (token: string) => {
      const held = access.get(token);
      return held !== undefined && held.expiresAt > Date.now() / 1000;
    },
    /** Makes every access token issued so far expire now. */
    expireAccessTokens: () => {
      for (const held of access.values()) held.expiresAt = Math.floor(Date.now() / 1000) - 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        listening.closeAllConnections();
        listening.close(() => resolve());
      }),
  };
}
