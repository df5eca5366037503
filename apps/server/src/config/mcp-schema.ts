import { z } from "zod";

/** "true"/"false"/"1"/"0" from the environment, booleans from YAML. */
const flag = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const v = value.trim().toLowerCase();
  if (["true", "1", "yes", "on"].includes(v)) return true;
  if (["false", "0", "no", "off"].includes(v)) return false;
  return value;
}, z.boolean());

const builtinServerSchema = z
  .object({
    enabled: flag.default(true),
    /** Scopes of which a caller needs at least one (ranked as for agents); empty means any token. */
    requiredScopes: z.array(z.string().min(1)).default([]),
  })
  .strict();

const serverName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "must be lower-case letters, digits and hyphens");

/** A third-party MCP server reached over streamable HTTP. */
export const externalMcpServerSchema = z
  .object({
    name: serverName,
    /** Streamable-HTTP endpoint, usually ending in /mcp. */
    url: z.url({ protocol: /^https?$/ }),
    description: z.string().default(""),
    /** Extra headers sent on every request to the server. */
    headers: z.record(z.string(), z.string()).default({}),
    /** Token sent as `Authorization: Bearer …`; never shown in the registry. */
    bearer: z.string().min(1).optional(),
    enabled: flag.default(true),
  })
  .strict();

/** The `mcp` config section: built-in servers and external ones. */
export const mcpConfigSchema = z
  .object({
    builtin: z
      .object({
        analytics: builtinServerSchema.prefault({}),
        product: builtinServerSchema.prefault({}),
      })
      .strict()
      .prefault({}),
    servers: z
      .array(externalMcpServerSchema)
      .default([])
      .superRefine((servers, ctx) => {
        const seen = new Set<string>(["analytics", "product"]);
        for (const [index, server] of servers.entries()) {
          if (seen.has(server.name)) {
            ctx.addIssue({
              code: "custom",
              path: [index, "name"],
              message: `duplicate MCP server name "${server.name}"`,
            });
          }
          seen.add(server.name);
        }
      }),
    /** Time limit of the health probe of one external server. */
    probeTimeoutMs: z.coerce.number().int().min(100).max(30_000).default(2000),
    /** How long a probe result is reused before the server is probed again. */
    probeCacheSeconds: z.coerce.number().int().min(0).max(3600).default(30),
    /** How long a server's question to the user (elicitation, sampling) waits for an answer. */
    askTimeoutSeconds: z.coerce.number().min(0.1).max(3600).default(300),
    /**
     * How often a replica waiting for the user's answer reads the question's row, in case the
     * answer's notice (LISTEN/NOTIFY, the in-process emitter on SQLite) was missed.
     */
    askPollSeconds: z.coerce.number().min(0.1).max(600).default(2),
    /**
     * Serves the MCP conformance suite's fixture server at /api/v1/mcp/conformance/mcp (only
     * `npm run conformance` sets it; never on in a normal start).
     */
    conformanceFixture: flag.default(false),
    /**
     * The OAuth client ID this site gives authorization servers that accept client ID metadata
     * documents: an HTTPS URL where the document is served. Unset: this site's own
     * /api/v1/mcp/external/oauth/client-metadata.json (when PUBLIC_URL, or the request, is HTTPS).
     */
    oauthClientMetadataUrl: z.url({ protocol: /^https$/ }).optional(),
  })
  .strict();

/** One external MCP server from the config. */
export type ExternalMcpServerConfig = z.infer<typeof externalMcpServerSchema>;
/** The `mcp` config section. */
export type McpConfig = z.infer<typeof mcpConfigSchema>;
