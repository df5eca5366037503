import { redacted, redactUrl } from "@a2a-chat/contracts";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Config } from "../../../config/schema.js";
import { artifactOutput, artifactResult } from "../../artifact-output.js";

export { redacted };

const secretKey = /(key|secret|token|password|bearer|authorization|headers)$/i;

/** What replaces a configuration detail only admins may see. */
export const adminsOnly = "[admins only]";

/** The top-level config sections config_summary can show on their own. */
export const configSections = [
  "server",
  "database",
  "auth",
  "rateLimit",
  "stream",
  "providers",
  "outbound",
  "agents",
  "mcp",
  "log",
] as const satisfies readonly (keyof Config)[];

/**
 * A copy of a config value with secrets replaced: secret-named keys, header values, and in every
 * URL its userinfo, query values and fragment (see redactUrl).
 */
export function redactSecrets(value: unknown, key = ""): unknown {
  if (value === undefined || value === null) return value;
  if (secretKey.test(key) && !/path$/i.test(key)) {
    if (typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(Object.keys(value).map((k) => [k, redacted]));
    }
    return redacted;
  }
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item));
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactSecrets(v, k)]));
  }
  if (typeof value === "string") return redactUrl(value);
  return value;
}

/**
 * Configuration details that tell a visitor about the machine rather than the product: file
 * paths, addresses the server listens on or reaches inside its network, allow lists and agents'
 * prompts. Everyone else sees `adminsOnly` in their place.
 */
const detailsBySection: Partial<Record<keyof Config, readonly string[]>> = {
  server: ["host", "webDir", "trustProxyHops"],
  database: ["dataDir", "url", "schema"],
  auth: ["signingKeyPath"],
  outbound: ["allowHosts"],
  providers: ["baseUrl"],
  agents: ["systemPrompt"],
};

function hideDetails(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => hideDetails(item, keys));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      keys.includes(k) && v !== undefined ? adminsOnly : hideDetails(v, keys),
    ]),
  );
}

/** The configuration as a caller may see it: secrets always redacted, details for admins only. */
export function configView(config: Config, isAdmin: boolean): Record<string, unknown> {
  const all = redactSecrets(config) as Record<string, unknown>;
  if (isAdmin) return all;
  return Object.fromEntries(
    Object.entries(all).map(([section, value]) => {
      const keys = detailsBySection[section as keyof Config];
      return [section, keys ? hideDetails(value, keys) : value];
    }),
  );
}

const output = artifactOutput(z.object({ config: z.record(z.string(), z.unknown()) }), {
  type: "json",
});

/**
 * config_summary: the effective configuration with secrets redacted; paths, internal addresses,
 * allow lists and prompts only for admins.
 */
export function registerConfigSummary(server: McpServer, config: Config, isAdmin: boolean): void {
  server.registerTool(
    "config_summary",
    {
      title: "Configuration summary",
      description:
        "Shows the server's effective configuration with secrets redacted (paths, internal addresses, allow lists and prompts for admins only).",
      inputSchema: {
        section: z.enum(configSections).optional().describe("Only this section"),
      },
      outputSchema: output,
    },
    ({ section }) => {
      const all = configView(config, isAdmin);
      return artifactResult({ config: section ? { [section]: all[section] } : all });
    },
  );
}
