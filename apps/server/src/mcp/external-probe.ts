import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExternalMcpServerConfig } from "../config/mcp-schema.js";
import { version } from "../version.js";

/** What a probe learned about an external server. */
export interface ProbeResult {
  ok: boolean;
  version?: string;
  description?: string;
  error?: string;
}

/** The headers our MCP client sends to an external server: configured ones plus the bearer. */
export function externalHeaders(server: ExternalMcpServerConfig): Record<string, string> {
  return {
    ...server.headers,
    ...(server.bearer ? { authorization: `Bearer ${server.bearer}` } : {}),
  };
}

/**
 * Connects (initialize) and lists the tools of an external server within the time limit. URLs come
 * from the operator's config, not from users, so they are not held to the outbound address policy.
 */
export async function probeExternalServer(
  server: ExternalMcpServerConfig,
  timeoutMs: number,
): Promise<ProbeResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: externalHeaders(server) },
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
      }),
  });
  const client = new Client({ name: "a2a-chat-registry", version });
  try {
    await client.connect(transport, { signal, timeout: timeoutMs });
    await client.listTools(undefined, { signal, timeout: timeoutMs });
    const info = client.getServerVersion();
    return { ok: true, version: info?.version, description: info?.title };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.close().catch(() => undefined);
  }
}
