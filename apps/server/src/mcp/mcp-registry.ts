import type { McpRegistryEntry } from "@a2a-chat/contracts";
import { redactUrl } from "@a2a-chat/contracts";
import type { Config } from "../config/schema.js";
import type { Logger } from "../log/logger.js";
import { builtinServers } from "./builtin-servers.js";
import { type ProbeResult, probeExternalServer } from "./external-probe.js";

/**
 * Path of a streamable-HTTP endpoint this site serves: a built-in server's, or the proxy of a
 * server the config file lists.
 */
export const siteMcpEndpointPath = (name: string) => `/api/v1/mcp/${name}/mcp`;

type Probe = typeof probeExternalServer;

/**
 * How long a failed probe is trusted. A server that was still starting when first probed (the
 * registry is often asked for as both start) is asked again soon, instead of being listed as
 * "error" for the whole cache period.
 */
export const failedProbeRetryMs = 3000;

interface CachedProbe {
  at: number;
  result: Promise<ProbeResult>;
  /** Known once the probe has answered. */
  ok?: boolean;
}

/**
 * Builds the registry: built-in servers (running or disabled) and external servers, probed with a
 * short time limit and the result cached, so an unreachable one is listed as "error" and logged
 * while the rest are unaffected.
 */
export class McpRegistry {
  private readonly cache = new Map<string, CachedProbe>();

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly probe: Probe = probeExternalServer,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every server's entry; with `only`, the built-in ones and the named external ones. */
  async entries(origin: string, only?: readonly string[]): Promise<McpRegistryEntry[]> {
    const { mcp } = this.config;
    const builtins = builtinServers.map((server): McpRegistryEntry => {
      const settings = mcp.builtin[server.name];
      return {
        name: server.name,
        version: server.version,
        description: server.description,
        endpoint: `${origin}${siteMcpEndpointPath(server.name)}`,
        enabled: settings.enabled,
        status: settings.enabled ? "running" : "disabled",
        auth: "required",
        // Scopes beyond a visitor's come with signing in: the client greys it for visitors.
        oauth_required: settings.requiredScopes.length > 0,
        oauth_scopes: settings.requiredScopes,
        kind: "built_in",
      };
    });
    const externals = await Promise.all(
      mcp.servers
        .filter((server) => only === undefined || only.includes(server.name))
        .map(async (server): Promise<McpRegistryEntry> => {
          const base = {
            name: server.name,
            description: server.description,
            // Reached through this site, which adds the configured credentials: the browser
            // never sees the server's own URL, headers or bearer token.
            endpoint: `${origin}${siteMcpEndpointPath(server.name)}`,
            enabled: server.enabled,
            auth: "required" as const,
            oauth_required: false,
            oauth_scopes: [],
            kind: "external" as const,
          };
          if (!server.enabled) return { ...base, version: "", status: "disabled" };
          const result = await this.cachedProbe(server.name, () =>
            this.probe(server, mcp.probeTimeoutMs),
          );
          return result.ok
            ? { ...base, version: result.version ?? "", status: "running" }
            : {
                ...base,
                version: "",
                status: "error",
                // The registry is public: the server's URL (a key in its query) must not show.
                error: (result.error ?? "unreachable")
                  .split(server.url)
                  .join(redactUrl(server.url)),
              };
        }),
    );
    return [...builtins, ...externals];
  }

  private cachedProbe(name: string, run: () => Promise<ProbeResult>): Promise<ProbeResult> {
    const now = this.now();
    const hit = this.cache.get(name);
    const cacheMs = this.config.mcp.probeCacheSeconds * 1000;
    const keepMs = hit?.ok === false ? Math.min(cacheMs, failedProbeRetryMs) : cacheMs;
    if (hit && now - hit.at < keepMs) return hit.result;
    const entry: CachedProbe = { at: now, result: Promise.resolve({ ok: false }) };
    entry.result = run().then((r) => {
      entry.ok = r.ok;
      if (!r.ok)
        this.logger.warn(
          { server: name, error: r.error },
          "MCP server unreachable; listed as error",
        );
      return r;
    });
    this.cache.set(name, entry);
    return entry.result;
  }
}
