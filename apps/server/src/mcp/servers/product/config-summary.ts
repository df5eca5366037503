import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Config } from "../../../config/schema.js";
import { artifactOutput, artifactResult } from "../../artifact-output.js";

/** What replaces a secret value. */
export const redacted = "[redacted]";

const secretKey = /(key|secret|token|password|bearer|authorization|headers)$/i;

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

/** A copy of a config value with secrets replaced: secret-named keys, header values, URL passwords. */
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
  if (typeof value === "string" && /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i.test(value)) {
    return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*):[^/@\s]*@/i, `$1:${redacted}@`);
  }
  return value;
}

const output = artifactOutput(z.object({ config: z.record(z.string(), z.unknown()) }), {
  type: "json",
});

/** config_summary: the effective configuration with secrets redacted. */
export function registerConfigSummary(server: McpServer, config: Config): void {
  server.registerTool(
    "config_summary",
    {
      title: "Configuration summary",
      description: "Shows the server's effective configuration with secrets redacted.",
      inputSchema: {
        section: z.enum(configSections).optional().describe("Only this section"),
      },
      outputSchema: output,
    },
    ({ section }) => {
      const all = redactSecrets(config) as Record<string, unknown>;
      return artifactResult({ config: section ? { [section]: all[section] } : all });
    },
  );
}
