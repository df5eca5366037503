import { type FetchLike, requestJson } from "../lib/api.js";

/** The public tool server registry (core spec §7). */
export const mcpRegistryPath = "/api/v1/mcp/registry";

/** One enabled tool server of the registry, as the client keeps it (tools spec §3). */
export interface ToolServer {
  name: string;
  description: string;
  /** Relative to this site for servers it hosts, absolute for servers elsewhere. */
  endpoint: string;
  /** 'required': the session's bearer token goes in the Authorization header. */
  auth: string;
  /** running, error or any other value the registry reports. */
  status: string;
  oauth_required: boolean;
  oauth_scopes: string[];
  /**
   * The server records each call as an execution and stores its result in the conversation
   * (every server this site serves: its built-in ones and those it proxies); for other servers
   * the browser reports its calls.
   */
  recordsCalls: boolean;
  /**
   * This site proxies the server and offers its watch (…/watch: log at a chosen level, resource
   * updates, list changes): the servers the user added and those the config file lists.
   */
  watchable?: boolean;
  /** Set for a server the user added (see user-servers-api.ts): it can be removed. */
  userServerId?: string;
  /** For a server the user added: the kind of credentials the server keeps for it. */
  credentialsKind?: "none" | "bearer" | "api_key" | "headers" | "oauth";
  /** For a server the user added: whether they let any of this site's agents call its tools. */
  agentUse?: boolean;
  /** For a server the user added: which agents, "all" of this site's or those named. */
  agents?: "all" | readonly string[];
}

type Entry = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Drops the scheme and host of an endpoint this site serves, so it is resolved against the
 * origin the page was loaded from: the registry builds endpoints from its configured public URL,
 * which a browser behind another name or a proxy may not be able to reach. Servers this site
 * serves (`servedHere`) are always ours; others keep their host unless it is this site's.
 */
export function stripHostPrefix(endpoint: string, origin: string, ours = false): string {
  let url: URL;
  try {
    url = new URL(endpoint, origin);
  } catch {
    return endpoint;
  }
  if (!ours && url.origin !== origin) return endpoint;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether this site serves an entry's endpoint: its built-in servers, and the servers its config
 * file lists, which it proxies at the same path (/api/v1/mcp/{name}/mcp).
 */
export function servedHere(entry: { kind?: unknown; name: string; endpoint: string }): boolean {
  if (entry.kind === "built_in") return true;
  try {
    const path = new URL(entry.endpoint, "http://site.invalid").pathname;
    return path === `/api/v1/mcp/${encodeURIComponent(entry.name)}/mcp`;
  } catch {
    return false;
  }
}

// The registry is read leniently: one odd entry must not hide the others.
function toToolServer(entry: Entry, origin: string): ToolServer | null {
  const name = text(entry.name);
  const endpoint = text(entry.endpoint);
  if (!name || !endpoint) return null;
  const scopes = Array.isArray(entry.oauth_scopes) ? entry.oauth_scopes : [];
  const ours = servedHere({ kind: entry.kind, name, endpoint });
  return {
    name,
    description: text(entry.description),
    endpoint: stripHostPrefix(endpoint, origin, ours),
    auth: text(entry.auth),
    status: text(entry.status),
    oauth_required: entry.oauth_required === true,
    oauth_scopes: scopes.filter((scope): scope is string => typeof scope === "string"),
    recordsCalls: ours,
    watchable: ours && entry.kind === "external",
  };
}

// Our registry says `enabled: true`; the status 'enabled' is how older registries said it.
function isEnabled(entry: Entry): boolean {
  return entry.enabled === true || (entry.enabled === undefined && entry.status === "enabled");
}

/** Options of fetchMcpRegistry. */
export interface FetchMcpRegistryOptions {
  fetchImpl?: FetchLike;
  /** The origin endpoints are stripped against; this page's by default. */
  origin?: string;
}

/**
 * Lists the registry's enabled tool servers (core spec §7). The registry is public, so no
 * Authorization header is sent. Failures reject with the texts of core spec §8.
 */
export async function fetchMcpRegistry(
  options: FetchMcpRegistryOptions = {},
): Promise<ToolServer[]> {
  const body = await requestJson<{ data?: unknown }>(mcpRegistryPath, {}, options.fetchImpl);
  const data: unknown[] = Array.isArray(body?.data) ? body.data : [];
  const origin = options.origin ?? window.location.origin;
  return data.flatMap((entry) => {
    if (!entry || typeof entry !== "object") return [];
    const record = entry as Entry;
    if (!isEnabled(record)) return [];
    const server = toToolServer(record, origin);
    return server ? [server] : [];
  });
}
