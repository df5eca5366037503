import {
  contextIdHeader,
  keepingCancelNotices,
  taskIdHeader,
  traceIdHeader,
  whileRunning,
} from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sameOriginCredentials } from "../lib/same-origin-credentials.js";
import { newTraceId } from "../lib/trace-id.js";

/** Core spec §7: a tool result flagged as error without any text. */
export const toolExecutionFailedMessage = "Tool execution failed";

/** The MCP client's identity (tools spec §7): this name and version, no declared capabilities. */
export const mcpClientInfo = { name: "systemprompt-web-client", version: "1.0.0" } as const;

/** A fetch the MCP transport can use instead of the global one (tests, instrumentation). */
export type McpFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** What callTool needs. */
export interface CallToolOptions {
  /** The server's streamable-HTTP endpoint, absolute or relative to this site. */
  endpoint: string;
  toolName: string;
  args: Record<string, unknown>;
  /**
   * The session's bearer token; without one no Authorization header is sent. It goes only to
   * this site's origin (see sameOriginCredentials), never to another tool server.
   */
  token: string | null;
  /** The current conversation, sent as x-context-id when known. */
  contextId?: string | null;
  /**
   * The task the call belongs to, sent as x-task-id: a refresh names the task of the artifact it
   * re-runs, so the server stores the new result in that task and it replaces the old one there.
   */
  taskId?: string | null;
  fetch?: McpFetch;
  /** Aborting it cancels the call: the server is sent notifications/cancelled. */
  signal?: AbortSignal;
  /** Asks the server for progress notifications and receives them. */
  onProgress?: (progress: ToolProgress) => void;
  /** How long the call may go without an answer or a progress notification. */
  timeoutMs?: number;
  /** How long the call may take at most, progress or not. */
  maxTotalTimeoutMs?: number;
  /** Returns a result flagged as error instead of throwing its text. */
  returnErrors?: boolean;
}

/** A progress notification of a running call (MCP notifications/progress). */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Where this server serves its built-in MCP servers. */
const builtinEndpointPath = /^\/api\/v1\/mcp\/[^/]+\/mcp$/;

/**
 * The endpoint as an absolute URL, relative ones resolved against this site's origin. Agents
 * record their calls of the built-in servers on the server's local origin (without PUBLIC_URL,
 * http://localhost:{port}); a page opened under another name of that server (127.0.0.1, a LAN
 * address) cannot call it there (another origin, and the server grants no CORS), so a built-in
 * endpoint on a loopback host is called on this site's origin.
 */
export function resolveEndpoint(endpoint: string): URL {
  const url = new URL(endpoint, globalThis.location.origin);
  if (loopbackHosts.has(url.hostname) && builtinEndpointPath.test(url.pathname)) {
    return new URL(`${url.pathname}${url.search}`, globalThis.location.origin);
  }
  return url;
}

/** The headers of a tool call (core spec §7), with a fresh trace id for each call. */
export function toolCallHeaders(
  token: string | null,
  contextId?: string | null,
  taskId?: string | null,
): Record<string, string> {
  // A plain record: the SDK copies Headers instances only when they come from its own realm.
  return {
    Accept: "application/json, text/event-stream",
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    [traceIdHeader]: newTraceId(),
    ...(contextId ? { [contextIdHeader]: contextId } : {}),
    ...(taskId ? { [taskIdHeader]: taskId } : {}),
  };
}

/**
 * A fetch for short call sessions. They never wait for server notifications, so the transport's
 * GET for a notification stream is answered here with 405, which the SDK reads as "no stream"
 * (the answer our servers give too), instead of a request the server refuses and the browser
 * logs as an error.
 */
export function withoutNotificationStream(fetchImpl: McpFetch): McpFetch {
  return (url, init) =>
    (init?.method ?? "GET").toUpperCase() === "GET"
      ? Promise.resolve(new Response(null, { status: 405, statusText: "Method Not Allowed" }))
      : fetchImpl(url, init);
}

/** The first text of a result, if any. */
export function firstText(result: CallToolResult): string | undefined {
  for (const block of result.content ?? []) {
    if (block.type === "text" && block.text) return block.text;
  }
  return undefined;
}

/**
 * Calls one tool over a short streamable-HTTP MCP session: connect, call, close (core spec §7).
 * A result flagged as error throws its first text, or 'Tool execution failed'.
 */
export async function callTool(options: CallToolOptions): Promise<CallToolResult> {
  // The SDK is loaded only when a tool is actually called, so it stays out of the chat bundle.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const notices = keepingCancelNotices(options.fetch ?? ((url, init) => fetch(url, init)));
  const transport = new StreamableHTTPClientTransport(resolveEndpoint(options.endpoint), {
    requestInit: { headers: toolCallHeaders(options.token, options.contextId, options.taskId) },
    fetch: withoutNotificationStream(sameOriginCredentials(notices.fetch)),
  });
  const client = new Client(mcpClientInfo, { capabilities: {} });
  const { onProgress } = options;
  const lost = new AbortController();
  try {
    await whileRunning(options.signal, (signal) => client.connect(transport, { signal }));
    // A response stream that breaks mid-call (the server went away) ends the call with that
    // error: the SDK would otherwise wait for a reconnection a stateless server never offers.
    // Only the transport's own errors: others (an unknown progress token) are no loss.
    const reported = transport.onerror;
    transport.onerror = (error) => {
      reported?.(error);
      lost.abort(error);
    };
    const signal = options.signal ? AbortSignal.any([options.signal, lost.signal]) : lost.signal;
    // Without a custom result schema the SDK answers a CallToolResult (its union type also
    // covers a legacy shape that only the compatibility schema produces).
    const result = (await client.callTool(
      { name: options.toolName, arguments: options.args },
      undefined,
      {
        signal,
        ...(onProgress
          ? {
              onprogress: (p: ToolProgress) =>
                onProgress({
                  progress: p.progress,
                  ...(p.total === undefined ? {} : { total: p.total }),
                  ...(p.message === undefined ? {} : { message: p.message }),
                }),
              resetTimeoutOnProgress: true,
            }
          : {}),
        ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
        ...(options.maxTotalTimeoutMs === undefined
          ? {}
          : { maxTotalTimeout: options.maxTotalTimeoutMs }),
      },
    )) as CallToolResult;
    if (result.isError && !options.returnErrors) {
      throw new Error(firstText(result) ?? toolExecutionFailedMessage);
    }
    return result;
  } catch (error) {
    // The SDK words an aborted request as a timeout; a lost connection is no timeout.
    if (lost.signal.aborted && !options.signal?.aborted) throw lost.signal.reason;
    throw error;
  } finally {
    await notices.settle();
    // Closing only aborts local requests; a failure there must not hide the call's own outcome.
    await client.close().catch(() => undefined);
  }
}
