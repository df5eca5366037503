import {
  isRenderBehavior,
  type ToolExecutionRecord,
  type ToolExecutionStatus,
  toolExecutionStatuses,
} from "@a2a-chat/contracts";
import type { ToolExecutionRow } from "../../db/schema.js";

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function statusOf(value: string): ToolExecutionStatus {
  return (toolExecutionStatuses as readonly string[]).includes(value)
    ? (value as ToolExecutionStatus)
    : "error";
}

/** A stored execution in its API shape (input and output parsed back from JSON text). */
export function presentExecution(row: ToolExecutionRow): ToolExecutionRecord {
  return {
    id: row.id,
    server_name: row.server_name,
    server_endpoint: row.server_endpoint,
    tool_name: row.tool_name,
    input: parseJson(row.input),
    output: parseJson(row.output),
    status: statusOf(row.status),
    error: row.error,
    render_behavior: isRenderBehavior(row.render_behavior) ? row.render_behavior : null,
    started_at: row.started_at,
    completed_at: row.completed_at,
    execution_time_ms: row.execution_time_ms === null ? null : Number(row.execution_time_ms),
    context_id: row.context_id,
    task_id: row.task_id,
    artifact_id: row.artifact_id,
    trace_id: row.trace_id,
  };
}
