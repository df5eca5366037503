import { z } from "zod";
import { renderBehaviors } from "./mcp.js";

/** The life of a tool execution (core spec §4, Tool execution). */
export const toolExecutionStatuses = ["pending", "executing", "completed", "error"] as const;
/** A tool execution status. */
export type ToolExecutionStatus = (typeof toolExecutionStatuses)[number];

/**
 * A recorded tool call (core spec §3, §7): what was called where, with which input, and how it
 * ended. GET /api/v1/mcp/executions/{id} answers it; it is also the data of
 * `tool_execution_completed`.
 */
export const toolExecutionRecordSchema = z.object({
  id: z.string(),
  server_name: z.string(),
  server_endpoint: z.string(),
  tool_name: z.string(),
  input: z.unknown(),
  /** The raw tool result ({content, structuredContent, isError}); null until it ends. */
  output: z.unknown().nullable(),
  status: z.enum(toolExecutionStatuses),
  error: z.string().nullable(),
  render_behavior: z.enum(renderBehaviors).nullable(),
  started_at: z.string(),
  completed_at: z.string().nullable(),
  execution_time_ms: z.number().int().nonnegative().nullable(),
  context_id: z.string().nullable(),
  task_id: z.string().nullable(),
  /** The artifact made from the result, when it ran in a conversation and produced one. */
  artifact_id: z.string().nullable(),
  trace_id: z.string().nullable(),
});
/** A recorded tool call. */
export type ToolExecutionRecord = z.infer<typeof toolExecutionRecordSchema>;

/** data of `tool_execution_completed`: the finished execution record. */
export const toolExecutionCompletedDataSchema = toolExecutionRecordSchema;
/** data of `tool_execution_completed`. */
export type ToolExecutionCompletedData = ToolExecutionRecord;
