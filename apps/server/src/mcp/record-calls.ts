import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type CallToolResult, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { internalErrorMessage } from "../agents/safe-request-handler.js";
import { AppError } from "../http/errors.js";
import { declaredPresentation } from "./artifacts/declared-presentation.js";
import { completeExecution, failExecution } from "./executions/finish-execution.js";
import { startCallerExecution } from "./executions/start-caller-execution.js";
import type { ToolContext } from "./tool-context.js";

/** `_meta` key that hands the caller the id of its call's execution record (for refreshes). */
export const executionIdMetaKey = "mcp_execution_id";

/** The error of an execution its caller cancelled (a stopped reply): no result, no artifact. */
export const cancelledExecutionMessage = "Cancelled";

/** The request's signal the SDK passes a tool handler as its last argument. */
function requestSignal(params: unknown[]): AbortSignal | undefined {
  const extra = params.at(-1);
  return typeof extra === "object" && extra !== null && "signal" in extra
    ? (extra.signal as AbortSignal)
    : undefined;
}

type ToolHandler = (...params: unknown[]) => CallToolResult | Promise<CallToolResult>;
interface ToolConfig {
  inputSchema?: unknown;
  outputSchema?: unknown;
  _meta?: unknown;
}
type Register = (name: string, config: ToolConfig, handler: ToolHandler) => unknown;

function outputJsonSchema(schema: unknown): unknown {
  if (schema instanceof z.ZodType) return z.toJSONSchema(schema, { unrepresentable: "any" });
  return schema;
}

const toolNames = new WeakMap<McpServer, Set<string>>();

/** The names of the tools registered on a server that recordCalls wrapped. */
export function toolNamesOf(server: McpServer): ReadonlySet<string> {
  return toolNames.get(server) ?? new Set();
}

/**
 * Makes every tool registered on the server record its calls: an execution record (and, for a
 * call in a conversation without a parent task, an mcp_execution task) before the tool runs, its
 * result stored as an artifact with a tool_execution_completed event after. The SDK validates
 * arguments before a handler runs, so schema-invalid calls never reach here and change nothing.
 * Must be applied before any tool is registered.
 */
export function recordCalls(
  server: McpServer,
  context: ToolContext,
  serverName: string,
): McpServer {
  // The SDK's registerTool is heavily overloaded; the wrapper only needs its runtime shape.
  const register = server.registerTool.bind(server) as unknown as Register;
  const names = new Set<string>();
  toolNames.set(server, names);
  const patched: Register = (name, config, handler) => {
    names.add(name);
    return register(name, config, async (...params: unknown[]) => {
      try {
        return await recordedCall(name, config, handler, params);
      } catch (error) {
        // The SDK turns a thrown error into a tool result carrying its message: a database or
        // internal error must not reach the caller that way (its text stays in the log). Errors
        // written for the caller (AppError: a quota reached, the database unavailable) keep theirs.
        const forCaller = error instanceof McpError || error instanceof AppError;
        if (forCaller || requestSignal(params)?.aborted || context.signal.aborted) throw error;
        context.services.logger.error({ err: error, tool: name }, "MCP tool call failed");
        throw new Error(internalErrorMessage);
      }
    });
  };
  const recordedCall = async (
    name: string,
    config: ToolConfig,
    handler: ToolHandler,
    params: unknown[],
  ): Promise<CallToolResult> => {
    const args = config.inputSchema === undefined ? {} : params[0];
    const owner = { userId: context.userId };
    const outputSchema = outputJsonSchema(config.outputSchema);
    const behavior = declaredPresentation(outputSchema).renderBehavior;
    const execution = {
      serverName,
      serverEndpoint: context.endpoint,
      toolName: name,
      input: args,
      traceId: context.traceId,
      ...(behavior ? { renderBehavior: behavior } : {}),
    };
    const record = await startCallerExecution(context, execution);
    let result: CallToolResult;
    try {
      result = await handler(...params);
    } catch (error) {
      await failExecution(context.services, owner, record.id, (error as Error).message);
      throw error;
    }
    if (requestSignal(params)?.aborted || context.signal.aborted) {
      // The caller cancelled (a stopped reply): whatever the tool answered to the abort
      // ("Report cancelled") is no result of the user's request and becomes no artifact.
      await failExecution(context.services, owner, record.id, cancelledExecutionMessage);
      return { ...result, _meta: { ...result._meta, [executionIdMetaKey]: record.id } };
    }
    await completeExecution(context.services, owner, record.id, {
      result,
      outputSchema,
      toolMeta: config._meta,
    });
    return { ...result, _meta: { ...result._meta, [executionIdMetaKey]: record.id } };
  };
  (server as unknown as { registerTool: Register }).registerTool = patched;
  return server;
}
