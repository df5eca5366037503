import { keepingCancelNotices, type McpTransport, whileRunning } from "@a2a-chat/contracts";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { OutboundPolicy } from "../../net/guarded-fetch.js";
import { guardedStreamFetch } from "../../net/guarded-stream-fetch.js";
import { version } from "../../version.js";
import { resumeOptions, resumingGetsOnly, watchResumption } from "./stream-resumption.js";

/** A user-added MCP server as the proxy reaches it. */
export interface UpstreamServer {
  name: string;
  url: string;
  /** The URL as errors show it, when it is not to be shown whole (a config file's secrets). */
  shownUrl?: string;
  transport: McpTransport;
  /** Headers of its credentials (never the caller's session token). */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Signs in with OAuth (adds the access token, refreshes it when the server answers 401). */
  authProvider?: OAuthClientProvider;
}

/** An open MCP session with an upstream server. */
export interface Upstream {
  client: Client;
  /** The transport that connected ("sse" when streamable HTTP was refused). */
  transport: McpTransport;
  /** Aborts when the connection breaks (a stream that ends mid-call). */
  lost: AbortSignal;
  close(): Promise<void>;
}

// A server that keeps handing out cursors must not keep the listing going forever.
const maxPages = 20;

/** Status codes with which a server says it does not speak streamable HTTP at this URL. */
const notStreamable = new Set([400, 404, 405]);

function transportFor(server: UpstreamServer, kind: McpTransport, fetchImpl: typeof fetch) {
  const url = new URL(server.url);
  const requestInit = { headers: server.headers };
  const authProvider = server.authProvider ? { authProvider: server.authProvider } : {};
  // The guarded fetch vets and follows redirects itself, each hop like the first.
  if (kind === "sse")
    return new SSEClientTransport(url, {
      requestInit,
      fetch: fetchImpl,
      eventSourceInit: { fetch: fetchImpl },
      redirectPolicy: "follow",
      ...authProvider,
    });
  return new StreamableHTTPClientTransport(url, {
    requestInit,
    fetch: resumingGetsOnly(fetchImpl),
    redirectPolicy: "follow",
    ...authProvider,
    reconnectionOptions: resumeOptions,
  });
}

async function open(
  server: UpstreamServer,
  kind: McpTransport,
  policy: OutboundPolicy,
  signal: AbortSignal | undefined,
): Promise<Upstream> {
  // A cancelled call's notice to the server is let through after the session closes.
  const notices = keepingCancelNotices(
    guardedStreamFetch({
      ...policy,
      timeoutMs: server.timeoutMs,
      idleMs: server.timeoutMs,
    }),
  );
  const transport: Transport = transportFor(server, kind, notices.fetch);
  const client = new Client({ name: "a2a-chat-proxy", version }, { capabilities: {} });
  const lost = new AbortController();
  const timeout = Math.min(server.timeoutMs, policy.timeoutMs * 2);
  await whileRunning(signal, (scoped) => client.connect(transport, { timeout, signal: scoped }));
  // Set after connecting: the client installs its own handler then. Only the transport's errors
  // (a broken stream, a failed POST) mean the connection is lost, unless the stream resumes.
  const recovers = watchResumption(transport);
  const reported = transport.onerror;
  transport.onerror = (error) => {
    reported?.(error);
    if (!recovers(error)) lost.abort(error);
  };
  return {
    client,
    transport: kind,
    lost: lost.signal,
    close: async () => {
      await notices.settle();
      if (transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
        // Ends the server's session so it does not keep it; a slow or failing answer is no loss.
        await Promise.race([
          transport.terminateSession().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 1000).unref()),
        ]);
      }
      await client.close().catch(() => undefined);
    },
  };
}

/**
 * Connects to a user-added server through the guarded fetch (its address vetted, loopback and
 * private ones refused unless allow-listed; redirects vetted each hop): over streamable HTTP,
 * falling back to the legacy SSE transport when the server refuses streamable HTTP at that URL,
 * or over SSE when the user chose it.
 */
export async function connectUpstream(
  server: UpstreamServer,
  policy: OutboundPolicy,
  signal?: AbortSignal,
): Promise<Upstream> {
  if (server.transport === "sse") return open(server, "sse", policy, signal);
  try {
    return await open(server, "streamable_http", policy, signal);
  } catch (error) {
    if (!(error instanceof StreamableHTTPError && notStreamable.has(error.code ?? 0))) throw error;
    return open(server, "sse", policy, signal);
  }
}

/** Every tool the server lists (all pages, at most 20). */
export async function listAllTools(
  upstream: Upstream,
  options: { timeout: number; signal?: AbortSignal },
): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  const { signal, ...rest } = options;
  for (let page = 0; page < maxPages; page += 1) {
    const result = await whileRunning(signal, (scoped) =>
      upstream.client.listTools(cursor ? { cursor } : undefined, { ...rest, signal: scoped }),
    );
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  const seen = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.name)) throw new InvalidToolListError(`tool ${tool.name} is listed twice`);
    seen.add(tool.name);
  }
  return tools;
}

/** A tool list that breaks the protocol's rules (its shape, or a name listed twice). */
export class InvalidToolListError extends Error {
  override name = "InvalidToolListError";
}
