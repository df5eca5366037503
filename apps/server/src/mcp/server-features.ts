import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type LoggingLevel,
  LoggingLevelSchema,
  McpError,
  type ServerNotification,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { McpLogLevelsRepository } from "../db/repositories/mcp-log-levels.js";
import type { Services } from "../http/services.js";

/** The level a caller who never set one gets: notices and worse, and the `info` progress lines. */
export const defaultLogLevel: LoggingLevel = "info";

const severity = new Map(LoggingLevelSchema.options.map((level, rank) => [level, rank]));

/** Whether a message at `level` passes a caller's chosen level. */
export function logPasses(level: LoggingLevel, chosen: LoggingLevel): boolean {
  return (severity.get(level) ?? 0) >= (severity.get(chosen) ?? 0);
}

/** The part of a request handler's `extra` a log line needs: its related-notification sender. */
export interface LogTarget {
  sendNotification(notification: ServerNotification): Promise<void>;
}

/** Log lines (`notifications/message`) of one request's tool calls, at the caller's level. */
export interface ServerLog {
  send(target: LogTarget, level: LoggingLevel, data: unknown): Promise<void>;
}

/** Who the server answers: its name (the logger) and the caller whose level applies. */
export interface FeatureOwner {
  services: Services;
  userId: string;
  serverName: string;
}

/**
 * Gives a stateless server (a fresh one per HTTP request, no MCP session) the utilities every
 * client expects of a full server:
 * - `logging`: `logging/setLevel` stores the caller's level for this server in the database, so
 *   the log lines of later requests (on any replica) are filtered by it; the returned ServerLog
 *   sends a tool's lines on the response stream of the call that wrote them;
 * - resource `subscribe`: `resources/subscribe` and `resources/unsubscribe` accept any absolute
 *   URI. The built-in servers' resources (the docs of the running release, the fixed-seed
 *   datasets) never change while the process runs, so no `notifications/resources/updated` is
 *   ever due; the capability lets clients that subscribe (our Tools column, any watcher) do so
 *   without a 'Method not found'.
 * Must be called before the server connects.
 */
export function addServerFeatures(server: Server, owner: FeatureOwner): ServerLog {
  server.registerCapabilities({ logging: {}, resources: { subscribe: true } });
  const levels = new McpLogLevelsRepository(owner.services.db.kysely);
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    await levels.set(owner.userId, owner.serverName, request.params.level);
    return {};
  });
  const checkUri = (uri: string) => {
    if (!URL.canParse(uri))
      throw new McpError(ErrorCode.InvalidParams, "The resource URI must be an absolute URI");
    return {};
  };
  server.setRequestHandler(SubscribeRequestSchema, (request) => checkUri(request.params.uri));
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => checkUri(request.params.uri));

  let chosen: Promise<LoggingLevel> | undefined;
  const level = () => {
    chosen ??= levels.find(owner.userId, owner.serverName).then((stored) => {
      const parsed = LoggingLevelSchema.safeParse(stored);
      return parsed.success ? parsed.data : defaultLogLevel;
    });
    return chosen;
  };
  return {
    async send(target, at, data) {
      if (!logPasses(at, await level())) return;
      await target.sendNotification({
        method: "notifications/message",
        params: { level: at, logger: owner.serverName, data },
      });
    },
  };
}

type RequestHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * Makes a call of a tool the server does not have a JSON-RPC error (-32602 `Unknown tool: …`), as
 * MCP 2025-11-25 asks ("unknown tools" are protocol errors), instead of the SDK's tool result with
 * `isError`. Call after every tool is registered.
 */
export function unknownToolsAsErrors(server: Server, toolNames: () => ReadonlySet<string>): void {
  // The SDK keeps its handlers in a private map; the one McpServer installed is wrapped, not copied.
  const handlers = (server as unknown as { _requestHandlers?: Map<string, RequestHandler> })
    ._requestHandlers;
  const original = handlers?.get("tools/call");
  if (!original) throw new Error("The server has no tools/call handler to wrap");
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const name = request.params.name;
    if (!toolNames().has(name))
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    return original(request, extra) as Promise<CallToolResult>;
  });
}
