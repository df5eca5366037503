import { randomUUID } from "node:crypto";
import {
  type Artifact,
  isTerminalTaskState,
  type Task,
  type TaskState,
  type ToolExecutionRecord,
} from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { ContextStatsRepository } from "../../db/repositories/context-stats.js";
import { TasksRepository } from "../../db/repositories/tasks.js";
import { ToolExecutionsRepository } from "../../db/repositories/tool-executions.js";
import type { Database, ToolExecutionRow } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import { canUseToolExecution } from "../../policies/tool-executions.js";
import { type Emit, transactWithEvents } from "../../stream/transact.js";
import { storeArtifact } from "../../tasks/artifact-commands.js";
import { emitContextStats } from "../../tasks/context-stats-event.js";
import type { Owner } from "../../tasks/task-checks.js";
import { changeTaskStatus } from "../../tasks/task-status-commands.js";
import { appOfCall } from "../apps/app-of-call.js";
import type { ToolCallResult } from "../artifacts/tool-result-body.js";
import {
  isToolResultRejection,
  toolErrorMessage,
  toolResultToArtifact,
} from "../artifacts/tool-result-to-artifact.js";
import { presentExecution } from "./present-execution.js";

/** The result of a tool call that ran (successfully or with isError). */
export interface ExecutionResult {
  result: ToolCallResult;
  /** The tool's outputSchema: x-artifact-type and x-rendering-hints type the artifact. */
  outputSchema?: unknown;
  /** The caller's id of the call (the client's tool execution id); defaults to the record id. */
  toolExecutionId?: string;
  /** Marks the artifact as internal (an agent's intermediate step the UI may hide). */
  isInternal?: boolean;
  /** The tool's `_meta`: a `ui://` resource there marks the artifact for its MCP App. */
  toolMeta?: unknown;
}

/** What a finished execution left behind. */
export interface FinishedExecution {
  execution: ToolExecutionRecord;
  /** The artifact stored in the conversation, if the call had one and produced a valid one. */
  artifact?: Artifact;
  /** The mcp_execution task this call ran in, now completed or failed. */
  task?: Task;
}

interface Ending {
  output: ToolCallResult | null;
  error: string | null;
  artifact?: Artifact;
}

/** Reads and locks the owner's running execution, its conversation and task, in that order. */
async function lockRunning(
  services: Services,
  trx: Kysely<Database>,
  owner: Owner,
  id: string,
): Promise<ToolExecutionRow> {
  const { dialect } = services.db;
  const row = await new ToolExecutionsRepository(trx).lock(id, dialect);
  if (!canUseToolExecution(owner, row)) throw new AppError("not_found", "Execution not found");
  if (row.status !== "executing" && row.status !== "pending") {
    throw new AppError("conflict", `Execution is already ${row.status}`);
  }
  // Same lock order as the task and artifact commands: conversation, task, then (emit) user.
  if (row.context_id !== null) await new ContextStatsRepository(trx).lock(row.context_id, dialect);
  if (row.task_id !== null) await new TasksRepository(trx).lock(row.task_id, dialect);
  return row;
}

/** Ends the mcp_execution task this execution created; a parent task is the caller's business. */
async function endOwnTask(
  services: Services,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  row: ToolExecutionRow,
  error: string | null,
): Promise<Task | undefined> {
  if (row.task_id === null) return undefined;
  const task = await new TasksRepository(trx).findById(row.task_id);
  if (task?.task_type !== "mcp_execution") return undefined;
  const metadata: unknown = JSON.parse(task.metadata);
  const ownTask =
    typeof metadata === "object" &&
    metadata !== null &&
    "mcp_execution_id" in metadata &&
    metadata.mcp_execution_id === row.id;
  if (!ownTask || isTerminalTaskState(task.state as TaskState)) return undefined;
  return changeTaskStatus(services, trx, emit, owner, task.id, {
    state: error === null ? "completed" : "failed",
    ...(error === null
      ? {}
      : {
          message: {
            messageId: randomUUID(),
            role: "agent",
            parts: [{ kind: "text", text: error }],
          },
        }),
  });
}

/** Results a direct run shows only in the tool-result window (tools spec §3), unless it failed. */
const windowOnly = new Set(["modal", "silent"]);

/** Whether a direct run's end leaves a message in its conversation's thread (a result or a failure). */
function showsInThread(row: ToolExecutionRow, error: string | null): boolean {
  return error !== null || !windowOnly.has(row.render_behavior ?? "");
}

async function finish(
  services: Services,
  owner: Owner,
  id: string,
  end: (row: ToolExecutionRow, trx: Kysely<Database>, emit: Emit, at: Date) => Promise<Ending>,
): Promise<FinishedExecution> {
  return transactWithEvents(services, async (trx, emit) => {
    const row = await lockRunning(services, trx, owner, id);
    const now = new Date();
    const ending = await end(row, trx, emit, now);
    const executions = new ToolExecutionsRepository(trx);
    await executions.update(id, {
      status: ending.error === null ? "completed" : "error",
      error: ending.error,
      output: ending.output === null ? null : JSON.stringify(ending.output),
      completed_at: now.toISOString(),
      execution_time_ms: Math.max(0, now.getTime() - Date.parse(row.started_at)),
      artifact_id: ending.artifact?.artifactId ?? null,
    });
    const task = await endOwnTask(services, trx, emit, owner, row, ending.error);
    if (task && row.context_id !== null && showsInThread(row, ending.error)) {
      // A direct run's result is a message of its own in the thread: the conversation counts it.
      const counted = await new ContextStatsRepository(trx).addMessage(
        row.context_id,
        now.toISOString(),
        0,
      );
      await emitContextStats(trx, emit, owner.userId, row.context_id, counted);
    }
    const updated = await executions.findById(id);
    if (!updated) throw new Error(`execution ${id} unreadable right after it was written`);
    const execution = presentExecution(updated);
    await emit({
      userId: owner.userId,
      type: "tool_execution_completed",
      contextId: row.context_id,
      data: execution,
    });
    return {
      execution,
      ...(ending.artifact ? { artifact: ending.artifact } : {}),
      ...(task ? { task } : {}),
    };
  });
}

/**
 * Records the result of a call startExecution recorded, in one transaction with its events: in a
 * conversation the result becomes an artifact (same fingerprint in the task replaces the earlier
 * one); the record is completed, or error with the tool's message (isError) or 'Invalid
 * artifact'; its own mcp_execution task completes or fails; tool_execution_completed is emitted.
 */
export function completeExecution(
  services: Services,
  owner: Owner,
  id: string,
  outcome: ExecutionResult,
): Promise<FinishedExecution> {
  return finish(services, owner, id, async (row, trx, emit, at) => {
    const { result } = outcome;
    const toolError = result.isError === true ? toolErrorMessage(result, row.tool_name) : null;
    if (row.context_id === null) return { output: result, error: toolError };
    const converted = toolResultToArtifact({
      result,
      outputSchema: outcome.outputSchema,
      toolName: row.tool_name,
      serverName: row.server_name,
      contextId: row.context_id,
      ...(row.task_id !== null ? { taskId: row.task_id } : {}),
      toolExecutionId: outcome.toolExecutionId,
      mcpExecutionId: row.id,
      createdAt: at.toISOString(),
      isInternal: outcome.isInternal,
      input: JSON.parse(row.input),
      ...appOfCall(outcome.toolMeta, row),
    });
    if (isToolResultRejection(converted)) return { output: result, error: converted.error };
    const stored = await storeArtifact(services, trx, emit, owner, {
      ...(row.task_id !== null ? { taskId: row.task_id } : {}),
      artifact: converted,
    });
    return { output: result, error: toolError, artifact: stored.artifact };
  });
}

/**
 * Records that a call startExecution recorded never produced a result (transport failure,
 * timeout, server gone): error with the message, its own task failed, no artifact.
 */
export function failExecution(
  services: Services,
  owner: Owner,
  id: string,
  message: string,
): Promise<FinishedExecution> {
  return finish(services, owner, id, async () => ({ output: null, error: message }));
}
