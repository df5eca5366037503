import { type Artifact, isRenderBehavior, type RenderBehavior } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type CallToolOptions,
  callTool,
  toolExecutionFailedMessage,
} from "../api/mcp-tool-call.js";
import { logger } from "../lib/logger.js";
import { newTraceId } from "../lib/trace-id.js";
import { type ExecutionRecord, fetchExecutionRecord } from "./execution-record-api.js";
import { readableReason } from "./runner/tool-errors.js";
import { useToolExecutionsStore } from "./tool-executions-store.js";
import { artifactRefreshWaitMs, waitForArtifact } from "./wait-for-artifact.js";

/** Core spec §8: the record names no tool, or the server does not know it. */
export const unknownToolMessage = "Unknown tool";

/** The tool answered without naming the execution record its new artifact will carry. */
export const missingExecutionIdMessage = "The tool result did not name its execution record";

/** `_meta` key of a tool result naming its execution record (docs/tasks-and-artifacts.md). */
export const executionIdMetaKey = "mcp_execution_id";

/** What the refresh calls; replaceable in tests. */
export interface RefreshDependencies {
  fetchRecord: (id: string) => Promise<ExecutionRecord>;
  callTool: (options: CallToolOptions) => Promise<CallToolResult>;
  waitForArtifact: (executionId: string, waitMs: number) => Promise<Artifact>;
  now: () => number;
}

/** Options of refreshArtifact. */
export interface RefreshOptions {
  /** The current conversation, sent as x-context-id. */
  contextId: string | null;
  /** The session's bearer token for the tool server. */
  token: string | null;
  /** How long to wait for the new artifact (core spec §9: 30000 ms). */
  waitMs?: number;
  /** Reuses this execution id: Retry passes the failed one, callers may pick one to follow. */
  executionId?: string;
  dependencies?: Partial<RefreshDependencies>;
}

const defaults: RefreshDependencies = {
  fetchRecord: (id) => fetchExecutionRecord(id),
  callTool,
  waitForArtifact,
  now: () => Date.now(),
};

/**
 * Whether a failure means the server does not know the tool: the SDK's McpServer answers
 * 'Tool {name} not found' (as an error result or a JSON-RPC error).
 */
export function isUnknownToolFailure(message: string): boolean {
  return /\btool\b.*\bnot found\b/i.test(message) || /\bunknown tool\b/i.test(message);
}

function asArguments(input: unknown): Record<string, unknown> {
  return input && typeof input === "object" && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

function declaredBehavior(artifact: Artifact): RenderBehavior {
  const value = artifact.metadata.render_behavior;
  return isRenderBehavior(value) ? value : "inline";
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : toolExecutionFailedMessage;
}

async function run(
  executionId: string,
  record: ExecutionRecord,
  options: RefreshOptions,
  deps: RefreshDependencies,
): Promise<Artifact> {
  const { update } = useToolExecutionsStore.getState();
  const toolName = record.tool_name;
  const endpoint = record.server_endpoint;
  if (!toolName || !endpoint) throw new Error(unknownToolMessage);
  update(executionId, {
    toolName,
    serverName: record.server_name ?? "",
    parameters: asArguments(record.input),
    ...(isRenderBehavior(record.render_behavior) ? { renderBehavior: record.render_behavior } : {}),
    status: "executing",
  });
  const started = deps.now();
  let result: CallToolResult;
  try {
    result = await deps.callTool({
      endpoint,
      toolName,
      args: asArguments(record.input),
      token: options.token,
      contextId: options.contextId,
      taskId: record.task_id ?? null,
    });
  } catch (error) {
    throw isUnknownToolFailure(messageOf(error)) ? new Error(unknownToolMessage) : error;
  }
  const nextId = result._meta?.[executionIdMetaKey];
  if (typeof nextId !== "string" || !nextId) throw new Error(missingExecutionIdMessage);
  update(executionId, { mcpExecutionId: nextId });
  const artifact = await deps.waitForArtifact(nextId, options.waitMs ?? artifactRefreshWaitMs);
  update(executionId, {
    status: "completed",
    artifact,
    executionTime: Math.max(0, deps.now() - started),
  });
  return artifact;
}

/**
 * Runs an artifact's tool again with the input of its execution record and resolves with the
 * new artifact once it reaches the artifact store. Its progress is a tool execution in the
 * store (pending, executing, then completed or error); failures end there and resolve undefined.
 * An artifact without metadata.mcp_execution_id is only logged (core spec §8).
 */
export async function refreshArtifact(
  artifact: Artifact,
  options: RefreshOptions,
): Promise<Artifact | undefined> {
  const sourceExecutionId = artifact.metadata.mcp_execution_id;
  if (!sourceExecutionId) {
    logger.warn(`Refresh without mcp_execution_id: artifact ${artifact.artifactId}`);
    return undefined;
  }
  const deps = { ...defaults, ...options.dependencies };
  const store = useToolExecutionsStore.getState();
  const executionId = options.executionId ?? newTraceId();
  store.add({
    id: executionId,
    toolName: artifact.metadata.tool_name ?? artifact.name ?? "tool",
    serverName: "",
    status: "pending",
    timestamp: deps.now(),
    renderBehavior: declaredBehavior(artifact),
    parameters: {},
    sourceArtifactId: artifact.artifactId,
    sourceArtifact: artifact,
  });
  try {
    const record = await deps.fetchRecord(sourceExecutionId);
    return await run(executionId, record, options, deps);
  } catch (error) {
    const message = messageOf(error);
    logger.warn(`Artifact refresh failed: ${message}`);
    // Without the SDK's code prefix, and an HTTP error's JSON envelope read for its message.
    store.update(executionId, { status: "error", error: readableReason(message) });
    return undefined;
  }
}
