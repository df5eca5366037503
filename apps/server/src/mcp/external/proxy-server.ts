import { externalMcpMessages } from "@a2a-chat/contracts";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "../../http/errors.js";
import type { OutboundPolicy } from "../../net/guarded-fetch.js";
import { StoredOAuthProvider } from "../../oauth-client/stored-oauth-provider.js";
import { version } from "../../version.js";
import { completeExecution, failExecution } from "../executions/finish-execution.js";
import { startCallerExecution } from "../executions/start-caller-execution.js";
import { cancelledExecutionMessage, executionIdMetaKey } from "../record-calls.js";
import { relayedCall } from "../requests/relayed-call.js";
import type { ToolContext } from "../tool-context.js";
import { browsingCapabilities, forwardBrowsing, relayNotifications } from "./proxy-browse.js";
import { resolveResourceLinks } from "./resolve-resource-links.js";
import { asProxiedTool, callAsTask, needsTask, taskProgress } from "./task-call.js";
import {
  connectUpstream,
  listAllTools,
  type Upstream,
  type UpstreamServer,
} from "./upstream-client.js";
import { upstreamReason } from "./upstream-errors.js";

/** What one proxied request knows: the caller (as for built-in tools) and the upstream server. */
export interface ProxyContext extends ToolContext {
  server: UpstreamServer;
  /** The outbound policy for the upstream server; the config's by default. */
  outbound?: OutboundPolicy;
}

/** A JSON-RPC error with a plain message (McpError would prefix "MCP error <code>:" twice). */
class ProxyRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function rpcError(code: number, message: string): ProxyRpcError {
  return new ProxyRpcError(code, message);
}

/** The caller's error for a failure talking to the upstream server. */
function failureOf(context: ProxyContext, error: unknown, lost: AbortSignal): ProxyRpcError {
  const { name } = context.server;
  const url = context.server.shownUrl ?? context.server.url;
  if (lost.aborted && !context.signal.aborted)
    return rpcError(ErrorCode.ConnectionClosed, externalMcpMessages.connectionLost(name));
  const { kind, reason } = upstreamReason(error);
  if (kind === "sign_in") {
    const provider = context.server.authProvider;
    const more = provider instanceof StoredOAuthProvider ? provider.neededScope : undefined;
    return rpcError(
      ErrorCode.InvalidRequest,
      more
        ? externalMcpMessages.moreScopeRequired(name, more)
        : externalMcpMessages.signInRequired(name),
    );
  }
  if (kind === "invalid_list")
    return rpcError(ErrorCode.InternalError, externalMcpMessages.invalidToolList(name, reason));
  if (kind === "server_error")
    return rpcError(error instanceof McpError ? error.code : ErrorCode.InternalError, reason);
  if (kind === "timeout") return rpcError(ErrorCode.RequestTimeout, externalMcpMessages.timedOut);
  return rpcError(ErrorCode.InternalError, externalMcpMessages.connectFailed(url, reason));
}

/** Connects, runs the work, and always closes; failures become the caller's clear errors. */
async function withUpstream<T>(
  context: ProxyContext,
  work: (upstream: Upstream, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  let upstream: Upstream | undefined;
  const never = new AbortController().signal;
  try {
    upstream = await connectUpstream(
      context.server,
      context.outbound ?? context.services.config.outbound,
      context.signal,
      // Listening: a server that asks something (roots) on its own stream during a call is answered.
      { listen: true, quietly: true },
    );
    return await work(upstream, AbortSignal.any([context.signal, upstream.lost]));
  } catch (error) {
    // Ours (an unknown tool, a failed call already worded) and the caller's (a quota) pass as
    // they are.
    if (error instanceof ProxyRpcError || error instanceof AppError) throw error;
    throw failureOf(context, error, upstream?.lost ?? never);
  } finally {
    await upstream?.close();
  }
}

/**
 * The MCP server the browser talks to for a user-added server (or one the config file lists):
 * each request opens a session with the upstream server through the guarded fetch (with the
 * server's stored credentials, never the caller's session token), forwards tools/list and
 * tools/call, and closes. A call is
 * recorded as our built-in tools' calls are (an execution record, the result as an artifact in
 * the conversation), progress notifications are passed on and cancelling stops the upstream call.
 */
export function createProxyServer(context: ProxyContext): Server {
  const { server: upstreamServer } = context;
  const server = new Server(
    { name: upstreamServer.name, version },
    { capabilities: { tools: {}, ...browsingCapabilities } },
  );
  const timeout = upstreamServer.timeoutMs;
  // Resources include MCP Apps' ui:// resources (and what an app reads from its server).
  forwardBrowsing(server, (work) => withUpstream(context, work), timeout);

  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) =>
    withUpstream(context, async (upstream, signal) => {
      const tools = await listAllTools(upstream, {
        timeout,
        signal: AbortSignal.any([signal, extra.signal]),
      });
      return { tools: tools.map(asProxiedTool) };
    }),
  );

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    withUpstream(context, async (upstream, connection) => {
      const signal = AbortSignal.any([connection, extra.signal]);
      relayNotifications(upstream, extra);
      const { name } = request.params;
      const args = request.params.arguments ?? {};
      // Listed first: a tool the server does not list is not called, and the client then checks
      // the result against the outputSchema the server declared.
      const tools: Tool[] = await listAllTools(upstream, { timeout, signal });
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw rpcError(ErrorCode.InvalidParams, externalMcpMessages.toolNotFound(name));
      const owner = { userId: context.userId };
      const record = await startCallerExecution(context, {
        serverName: upstreamServer.name,
        serverEndpoint: context.endpoint,
        toolName: name,
        input: args,
        traceId: context.traceId,
      });
      const progressToken = request.params._meta?.progressToken;
      const notify = (progress: { progress: number; total?: number; message?: string }) => {
        if (progressToken === undefined) return;
        void extra
          .sendNotification({
            method: "notifications/progress",
            params: { ...progress, progressToken },
          })
          .catch(() => undefined);
      };
      // The server's questions to the user are relayed while the call runs (mcp/requests/).
      const call = relayedCall(upstream.client, context, {
        serverName: upstreamServer.name,
        timeoutMs: timeout,
        signal,
        report: notify,
      });
      let result: CallToolResult;
      try {
        result = needsTask(tool)
          ? await callAsTask(
              upstream.client,
              { name, arguments: args },
              { signal: call.options.signal ?? signal, timeout, onStatus: taskProgress(notify) },
            )
          : ((await call.retrying(() =>
              upstream.client.callTool({ name, arguments: args }, undefined, call.options),
            )) as CallToolResult);
      } catch (error) {
        const failure = context.signal.aborted
          ? rpcError(ErrorCode.InvalidRequest, cancelledExecutionMessage)
          : failureOf(context, error, upstream.lost);
        await failExecution(context.services, owner, record.id, failure.message).catch(
          () => undefined,
        );
        throw failure;
      } finally {
        call.done();
      }
      if (signal.aborted) {
        await failExecution(context.services, owner, record.id, cancelledExecutionMessage);
      } else {
        await completeExecution(context.services, owner, record.id, {
          result: await resolveResourceLinks(upstream.client, result, { timeout, signal }),
          outputSchema: tool.outputSchema,
          toolMeta: tool._meta,
        });
      }
      return { ...result, _meta: { ...result._meta, [executionIdMetaKey]: record.id } };
    }),
  );
  return server;
}
