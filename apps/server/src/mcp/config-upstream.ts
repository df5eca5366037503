import { mcpTimeoutBounds, redactUrl } from "@a2a-chat/contracts";
import type { ExternalMcpServerConfig } from "../config/mcp-schema.js";
import type { OutboundPolicy } from "../net/guarded-fetch.js";
import type { UpstreamServer } from "./external/upstream-client.js";
import { externalHeaders } from "./external-probe.js";

/**
 * An MCP server listed in the config file (`mcp.servers`) as this site's proxy reaches it for the
 * browser: with the configured headers and bearer token, which never reach the browser, nor do
 * the secrets of its URL (errors show it redacted).
 */
export function configUpstream(server: ExternalMcpServerConfig): UpstreamServer {
  return {
    name: server.name,
    url: server.url,
    shownUrl: redactUrl(server.url),
    transport: "streamable_http",
    headers: externalHeaders(server),
    timeoutMs: mcpTimeoutBounds.default,
  };
}

/**
 * The outbound policy for a listed server: the operator chose its address, so its own host may
 * be loopback or private; a redirect elsewhere is still vetted like a user's URL.
 */
export function configServerPolicy(
  policy: OutboundPolicy,
  server: ExternalMcpServerConfig,
): OutboundPolicy {
  return { ...policy, allowHosts: [...policy.allowHosts, new URL(server.url).hostname] };
}
