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

/**
 * POST /api/v1/mcp/executions: a call the browser made to a tool server that does not record
 * its own calls (a third-party server), reported so that it is recorded like our servers' calls
 * and its result becomes an artifact in the conversation. Either `result` (the server's
 * CallToolResult) or `error` (the call never produced one).
 */
export const recordExecutionBodySchema = z
  .object({
    server_name: z.string().min(1).max(100),
    server_endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    tool_name: z.string().min(1).max(200),
    input: z.record(z.string(), z.unknown()),
    context_id: z.string().min(1).max(128),
    result: z
      .object({
        content: z.array(z.unknown()).optional(),
        structuredContent: z.record(z.string(), z.unknown()).optional(),
        isError: z.boolean().optional(),
        _meta: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
    /** The tool's declared outputSchema (x-artifact-type and x-rendering-hints type the artifact). */
    output_schema: z.record(z.string(), z.unknown()).optional(),
    error: z.string().min(1).max(2000).optional(),
  })
  .refine((body) => (body.result === undefined) !== (body.error === undefined), {
    message: "Give either result or error",
  });
/** Body of POST /api/v1/mcp/executions. */
export type RecordExecutionBody = z.infer<typeof recordExecutionBodySchema>;
