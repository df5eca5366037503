import type { MiddlewareHandler } from "hono";
import ipaddr from "ipaddr.js";
import type { Config } from "../config/schema.js";
import type { AppEnv } from "../http/env.js";

/** The 403 texts, as the MCP SDK's own transport words them. */
export const invalidHostMessage = (host: string) => `Invalid Host header: ${host}`;
export const invalidOriginMessage = (origin: string) => `Invalid Origin header: ${origin}`;

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Whether a Host names this server. A DNS-rebinding page reaches us under its own domain name,
 * so only names need checking: PUBLIC_URL's host, the configured allowed hosts and localhost
 * pass, and so does any IP address (no page can make a browser send one for its own domain).
 */
export function isAllowedHost(host: string, config: Config): boolean {
  const hostname = hostnameOf(host);
  if (hostname === undefined || hostname === "") return false;
  if (ipaddr.isValid(hostname.replace(/^\[|\]$/g, ""))) return true;
  if (hostname === "localhost") return true;
  const publicUrl = config.server.publicUrl;
  if (publicUrl && new URL(publicUrl).hostname.toLowerCase() === hostname) return true;
  return config.server.allowedHosts.some((allowed) => allowed.toLowerCase() === hostname);
}

/**
 * Whether an Origin may call: the page is on this very host (same origin), on PUBLIC_URL, or on
 * one of the configured allowed hosts. Any other page, and the opaque origin "null", may not.
 */
export function isAllowedOrigin(origin: string, host: string, config: Config): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.host.toLowerCase() === host.toLowerCase()) return true;
  const publicUrl = config.server.publicUrl;
  if (publicUrl && new URL(publicUrl).origin === url.origin) return true;
  const hostname = url.hostname.toLowerCase();
  return config.server.allowedHosts.some((allowed) => allowed.toLowerCase() === hostname);
}

/**
 * DNS-rebinding protection for MCP's streamable-HTTP endpoints, as the transport specification
 * asks: a request whose Host is not ours, or that comes from a page of another origin, is refused
 * with 403 and a JSON-RPC error before anything else (authentication included) runs.
 */
export function rebindingGuard(config: Config): MiddlewareHandler<AppEnv> {
  const refuse = (message: string) =>
    Response.json(
      { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  return async (c, next) => {
    // Node's server builds the request URL from the Host header; in-process requests have no
    // header, only the URL.
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!isAllowedHost(host, config)) return refuse(invalidHostMessage(host));
    const origin = c.req.header("origin");
    if (origin !== undefined && !isAllowedOrigin(origin, host, config)) {
      return refuse(invalidOriginMessage(origin));
    }
    await next();
  };
}
