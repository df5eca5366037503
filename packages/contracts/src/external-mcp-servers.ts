import { z } from "zod";
import { agentCredentialsSchema } from "./external-agents.js";

/** Texts of checking OAuth credentials. */
export const externalMcpCredentialTexts = {
  secretWithoutClient: "A client secret needs the client ID it belongs to",
  keyWithoutClient: "A private key needs the client ID it belongs to",
  clientCredentialsNeedClient:
    "Client credentials need the client ID the authorization server registered for this site",
  clientCredentialsNeedSecret: "Client credentials need a client secret or a private key",
  secretOrKey: "Give a client secret or a private key, not both",
  privateKeyInvalid: "The private key must be a PEM private key (-----BEGIN PRIVATE KEY-----)",
  crossAppNeeds:
    "Cross-app access needs the identity provider's token endpoint and client ID, an ID token from it, and the client ID and secret this server's authorization server registered",
} as const;

/** OAuth grants a user-added MCP server can be signed in with. */
export const mcpOAuthGrants = [
  "authorization_code",
  "client_credentials",
  "cross_app_access",
] as const;
/** Algorithms of a private_key_jwt client assertion (RFC 7523). */
export const mcpSigningAlgorithms = [
  "ES256",
  "ES384",
  "ES512",
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
] as const;

/**
 * How the server authenticates to an MCP server a user added: as for agents, or OAuth 2.1 (the
 * user signs in at the server's authorization server; tokens are kept encrypted here).
 */
export const mcpCredentialsSchema = z.discriminatedUnion("kind", [
  ...agentCredentialsSchema.options,
  z
    .object({
      kind: z.literal("oauth"),
      scope: z.string().max(1000).optional(),
      /**
       * A client registered with the authorization server beforehand, for servers that do not
       * register clients themselves (no dynamic client registration); its secret, if it has one.
       */
      client_id: z.string().trim().min(1).max(500).optional(),
      client_secret: z.string().min(1).max(2000).optional(),
      /**
       * `authorization_code` (default): the user signs in in the browser. `client_credentials`:
       * machine to machine, with the client ID and its secret (client_secret_basic) or a private
       * key that signs a JWT assertion (private_key_jwt, RFC 7523); no browser.
       */
      grant: z.enum(mcpOAuthGrants).optional(),
      /** PEM (PKCS #8) private key of the client, for private_key_jwt. */
      private_key: z.string().trim().min(1).max(10_000).optional(),
      signing_alg: z.enum(mcpSigningAlgorithms).optional(),
      /**
       * `cross_app_access` (enterprise-managed authorization, SEP-990): the enterprise identity
       * provider's token endpoint and this site's client there, and the user's ID token from
       * it; exchanged there for an identity assertion grant (RFC 8693), which the server's
       * authorization server takes by the JWT bearer grant (RFC 7523).
       */
      idp_token_endpoint: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .optional(),
      idp_client_id: z.string().trim().min(1).max(500).optional(),
      idp_client_secret: z.string().min(1).max(2000).optional(),
      id_token: z.string().trim().min(1).max(20_000).optional(),
    })
    .strict()
    .superRefine((c, ctx) => {
      const texts = externalMcpCredentialTexts;
      const problem = (message: string, path: string) =>
        ctx.addIssue({ code: "custom", message, path: [path] });
      if (c.client_secret !== undefined && c.client_id === undefined)
        problem(texts.secretWithoutClient, "client_secret");
      if (c.private_key !== undefined && c.client_id === undefined)
        problem(texts.keyWithoutClient, "private_key");
      if (c.private_key !== undefined && c.client_secret !== undefined)
        problem(texts.secretOrKey, "private_key");
      if (
        c.grant === "cross_app_access" &&
        !(c.idp_token_endpoint && c.idp_client_id && c.id_token && c.client_id && c.client_secret)
      )
        problem(texts.crossAppNeeds, "id_token");
      if (c.grant === "client_credentials") {
        if (c.client_id === undefined) problem(texts.clientCredentialsNeedClient, "client_id");
        else if (c.client_secret === undefined && c.private_key === undefined)
          problem(texts.clientCredentialsNeedSecret, "client_secret");
      }
    }),
]);
/** Credentials of a user-added MCP server. */
export type McpCredentials = z.infer<typeof mcpCredentialsSchema>;

/** Body of PUT /api/v1/mcp/external/{id}/credentials. */
export const updateMcpCredentialsBodySchema = z
  .object({ credentials: mcpCredentialsSchema })
  .strict();

/** Most agents one server may be lent to by name. */
export const maxAgentsPerServer = 100;

/**
 * Body of PUT /api/v1/mcp/external/{id}/agent-use: which of this site's agents (the assistant
 * and the other model-backed agents it serves) may call the server's tools in the user's turns.
 * `{agents: "all"}` lends it to every one (also agents added later), `{agents: [names]}` to those
 * named (none for an empty list); `{enabled: true|false}` is the older form of all or none.
 */
export const mcpAgentUseBodySchema = z.union([
  z.object({ enabled: z.boolean() }).strict(),
  z
    .object({
      agents: z.union([
        z.literal("all"),
        z.array(z.string().min(1).max(128)).max(maxAgentsPerServer),
      ]),
    })
    .strict(),
]);
/** Body of lending a server to agents. */
export type McpAgentUseBody = z.infer<typeof mcpAgentUseBodySchema>;

/** Path of the MCP servers a user added; each is proxied at `${externalMcpPath}/{id}/mcp`. */
export const externalMcpPath = "/api/v1/mcp/external";

/** The proxy endpoint of a user-added MCP server on this site. */
export const externalMcpEndpoint = (id: string) => `${externalMcpPath}/${id}/mcp`;

/** Transports a user-added MCP server may speak. */
export const mcpTransports = ["streamable_http", "sse"] as const;
/** streamable_http falls back to the legacy SSE transport when the server refuses it. */
export type McpTransport = (typeof mcpTransports)[number];

/** Bounds of a user-added server's call time limit. */
export const mcpTimeoutBounds = { min: 1000, max: 300_000, default: 60_000 } as const;

/** Texts of adding and using an MCP server (tools spec §5 documented rules, §8). */
export const externalMcpMessages = {
  nameTaken: (name: string) => `A tool server named ${name} is already listed`,
  notFullUrl: "The server URL must be a full http:// or https:// endpoint URL",
  httpsRequired:
    "Remote servers must use HTTPS; http:// is allowed only for local addresses the administrator allow-listed",
  connectFailed: (url: string, reason: string) =>
    `Failed to connect to MCP server at ${url}: ${reason}`,
  toolNotFound: (name: string) => `Tool ${name} not found`,
  invalidToolList: (server: string, reason: string) =>
    `The MCP server ${server} sent an invalid tool list: ${reason}`,
  connectionLost: (server: string) => `The MCP server ${server} closed the connection mid-call`,
  timedOut: "Tool execution timed out",
  signInRequired: (server: string) =>
    `Sign in to ${server} first: open its Connection and choose Sign in with OAuth`,
  moreScopeRequired: (server: string, scope: string) =>
    `${server} asks for more access (${scope}): open its Connection and choose Sign in with OAuth again`,
  oauthSignedIn: (server: string) =>
    `Signed in to ${server}. You can close this tab and return to the chat.`,
  oauthFailed: (reason: string) => `Signing in failed: ${reason}`,
  unknownAgent: (name: string) => `No agent named ${name}`,
  noCredentialsKey:
    "This server cannot store credentials: its administrator has not set OUTBOUND_CREDENTIALS_KEY",
} as const;

const serverName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(64, "Name must be at most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/, "Name may use letters, digits, spaces, _ . and -");

/** Body of POST /api/v1/mcp/external: adds a server, or replaces the user's one with that name. */
export const addExternalMcpBodySchema = z
  .object({
    name: serverName,
    url: z.string().trim().min(1).max(2048),
    transport: z.enum(mcpTransports).default("streamable_http"),
    credentials: mcpCredentialsSchema.optional(),
    timeout_ms: z
      .number()
      .int()
      .min(mcpTimeoutBounds.min)
      .max(mcpTimeoutBounds.max)
      .default(mcpTimeoutBounds.default),
  })
  .strict();
/** Body of adding an MCP server. */
export type AddExternalMcpBody = z.input<typeof addExternalMcpBodySchema>;

/** A user-added MCP server as the API shows it: never its credentials. */
export const externalMcpServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The URL the user gave (query and userinfo redacted). */
  url: z.string(),
  transport: z.enum(mcpTransports),
  /** Where the browser reaches it: this site's proxy (path). */
  endpoint: z.string(),
  credentials_kind: z.enum(["none", "bearer", "api_key", "headers", "oauth"]),
  /** For OAuth: whether the user has signed in (tokens are kept) or must sign in first. */
  oauth: z.enum(["signed_in", "sign_in_required"]).optional(),
  timeout_ms: z.number(),
  /** Whether the user lets any of this site's agents call its tools in their conversations. */
  agent_use: z.boolean(),
  /** Which agents: "all" of this site's, or those named (none when empty). */
  agents: z.union([z.literal("all"), z.array(z.string())]),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A user-added MCP server. */
export type ExternalMcpServer = z.infer<typeof externalMcpServerSchema>;

/** GET /api/v1/mcp/external. */
export const externalMcpListSchema = z.object({ data: z.array(externalMcpServerSchema) });

/**
 * GET /api/v1/agents/{name}/user-mcp-servers: the caller's own servers this agent of the site may
 * call in their turns (what its details list; never on the public card).
 */
export const agentUserServersPath = (agent: string) =>
  `/api/v1/agents/${encodeURIComponent(agent)}/user-mcp-servers`;
/** The answer of agentUserServersPath. */
export const agentUserServersSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), endpoint: z.string() })),
});
