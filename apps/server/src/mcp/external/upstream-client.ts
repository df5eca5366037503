import { keepingCancelNotices, type McpTransport, whileRunning } from "@a2a-chat/contracts";
import {
  extractWWWAuthenticateParams,
  type OAuthClientProvider,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
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
import { tracedOutboundFetch } from "../../observe/outbound-span.js";
import { version } from "../../version.js";
import { relayedCapabilities } from "../requests/relayed-capabilities.js";
import { heldOpen } from "./held-open-stream.js";
import { isResumingGet, resumeOptions, watchResumption } from "./stream-resumption.js";
import { declareNoRoots } from "./upstream-roots.js";

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
  authProvider?: OAuthClientProvider & {
    /** Told of a 403 insufficient_scope (with the scopes asked for) before the SDK handles it. */
    insufficientScope?(scope: string | undefined): void;
  };
}

/** An open MCP session with an upstream server. */
export interface Upstream {
  client: Client;
  /** The transport that connected ("sse" when streamable HTTP was refused). */
  transport: McpTransport;
  /** Aborts when the connection breaks (a stream that ends mid-call). */
  lost: AbortSignal;
  /** The protocol version the server chose in its initialize answer. */
  protocolVersion: string | undefined;
  close(): Promise<void>;
}

// A server that keeps handing out cursors must not keep the listing going forever.
const maxPages = 20;

/** Status codes with which a server says it does not speak streamable HTTP at this URL. */
const notStreamable = new Set([400, 404, 405]);

/** How a session is opened: `listen` keeps the standalone GET stream for server notifications. */
export interface UpstreamOptions {
  listen?: boolean;
  /**
   * With `listen`: the notification stream ending or failing goes unnoticed (a short session
   * listens only to answer what the server asks during its request; losing that stream must not
   * fail the request). Without it, it counts as the connection lost.
   */
  quietly?: boolean;
  /** Told when the standalone GET stream is open (only with `listen`). */
  onListening?: () => void;
}

/** How long a listening session's stream may stay quiet before it is cut (the caller reopens). */
const listenIdleMs = 30 * 60_000;

function transportFor(
  server: UpstreamServer,
  kind: McpTransport,
  fetchImpl: typeof fetch,
  options: UpstreamOptions,
) {
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
  // The proxy's sessions last one request and never wait for server notifications, so the
  // standalone GET stream is not opened: answered here with 405, which the SDK reads as "not
  // offered" (a server without one would answer 404, which the SDK takes for a broken session).
  // A GET that resumes a call's broken stream (Last-Event-ID, stream-resumption.ts) goes through.
  const withoutGetStream: typeof fetch = (input, init) => {
    if ((init?.method ?? "GET").toUpperCase() !== "GET")
      return fetchImpl(input, init).then((response) => {
        if (response.status === 403 && server.authProvider?.insufficientScope) {
          const { error, scope } = extractWWWAuthenticateParams(response);
          if (error === "insufficient_scope") server.authProvider.insufficientScope(scope);
        }
        return response;
      });
    if (isResumingGet(init)) return fetchImpl(input, init);
    // GETs of other URLs are the SDK's OAuth discovery (a 401 or a 403 insufficient_scope in a
    // call): they go through. The notification stream only when listening.
    const target = input instanceof Request ? input.url : String(input);
    if (target !== url.href) return fetchImpl(input, init);
    if (!options.listen) return Promise.resolve(new Response(null, { status: 405 }));
    return fetchImpl(input, init).then((response) => {
      // Refused (404, 400, even 401: signing in is the requests' business): taken as "no stream
      // offered", as a 405 is, not as a broken session.
      if (!response.ok || !response.body) {
        void response.body?.cancel().catch(() => undefined);
        return new Response(null, { status: 405 });
      }
      options.onListening?.();
      return options.quietly
        ? new Response(heldOpen(response.body, init?.signal), response)
        : response;
    });
  };
  return new StreamableHTTPClientTransport(url, {
    requestInit,
    fetch: withoutGetStream,
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
  options: UpstreamOptions,
): Promise<Upstream> {
  // A cancelled call's notice to the server is let through after the session closes.
  const notices = keepingCancelNotices(
    guardedStreamFetch({
      ...policy,
      timeoutMs: server.timeoutMs,
      // A watch's stream may stay quiet long; a request's session keeps the server's time limit
      // (its notification stream, cut when idle, goes unnoticed: see `quietly`).
      idleMs: options.listen && !options.quietly ? listenIdleMs : server.timeoutMs,
    }),
  );
  // While tracing, each request to the server is a span and carries its traceparent.
  const transport: Transport = transportFor(
    server,
    kind,
    tracedOutboundFetch("mcp", notices.fetch),
    options,
  );
  // Elicitation and sampling are relayed to the user (mcp/requests/); a request on a session
  // that installs no handler (a listing) is answered "Method not found".
  const client = new Client(
    { name: "a2a-chat-proxy", version },
    { capabilities: relayedCapabilities },
  );
  declareNoRoots(client);
  const lost = new AbortController();
  // The client hands the negotiated version to the transport; kept for the connection doctor.
  let negotiated: string | undefined;
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (chosen) => {
    negotiated = chosen;
    setVersion?.(chosen);
  };
  const timeout = Math.min(server.timeoutMs, policy.timeoutMs * 2);
  await whileRunning(signal, (scoped) => client.connect(transport, { timeout, signal: scoped }));
  // Set after connecting: the client installs its own handler then. Only the transport's errors
  // (a broken stream, a failed POST) mean the connection is lost, unless the stream resumes.
  const recovers = watchResumption(transport);
  const reported = transport.onerror;
  transport.onerror = (error) => {
    reported?.(error);
    // A request the server wants a sign-in for failed alone (its caller is told so).
    if (error instanceof UnauthorizedError) return;
    if (!recovers(error)) lost.abort(error);
  };
  return {
    client,
    transport: kind,
    lost: lost.signal,
    protocolVersion: negotiated,
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
  options: UpstreamOptions = {},
): Promise<Upstream> {
  if (server.transport === "sse") return open(server, "sse", policy, signal, options);
  try {
    return await open(server, "streamable_http", policy, signal, options);
  } catch (error) {
    if (!(error instanceof StreamableHTTPError && notStreamable.has(error.code ?? 0))) throw error;
    return open(server, "sse", policy, signal, options);
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
