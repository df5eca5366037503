import { randomUUID } from "node:crypto";
import type { RenderBehavior, ToolExecutionRecord } from "@a2a-chat/contracts";
import { TasksRepository } from "../../db/repositories/tasks.js";
import { ToolExecutionsRepository } from "../../db/repositories/tool-executions.js";
import { AppError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import { canUseTask } from "../../policies/tasks.js";
import { checkStorage } from "../../quotas/quota-checks.js";
import { transactWithEvents } from "../../stream/transact.js";
import type { Owner } from "../../tasks/task-checks.js";
import { insertTask } from "../../tasks/task-commands.js";
import { presentExecution } from "./present-execution.js";

/** agent_name of the task a user's direct tool call runs in. */
export const mcpExecutionAgentName = "mcp";

/** A tool call about to be made. */
export interface NewExecution {
  serverName: string;
  /** The MCP endpoint URL the call goes to (the refresh flow calls it again). */
  serverEndpoint: string;
  toolName: string;
  /** The tool's arguments, already valid against its inputSchema. */
  input: unknown;
  /** The conversation the call belongs to (x-context-id); the result becomes an artifact there. */
  contextId?: string;
  /** The task (an agent's turn) the call is part of; without one a call in a conversation gets
   * its own mcp_execution task. */
  taskId?: string;
  traceId?: string;
  renderBehavior?: RenderBehavior;
}

/**
 * Records a tool call as executing, just before it is made. A call in a conversation without a
 * parent task is a user's direct call: it gets a task of type mcp_execution (working), which
 * completeExecution or failExecution ends. A task or conversation of someone else is 404.
 */
export function startExecution(
  services: Services,
  owner: Owner,
  call: NewExecution,
): Promise<ToolExecutionRecord> {
  return transactWithEvents(services, async (trx, emit) => {
    // A user's own call is new work and counts against their storage; an agent's is part of a
    // turn already accepted.
    if (call.taskId === undefined) await checkStorage(trx, owner.userId, services.config.quotas);
    const id = randomUUID();
    let contextId = call.contextId ?? null;
    let taskId = call.taskId ?? null;
    if (taskId !== null) {
      const task = await new TasksRepository(trx).findById(taskId);
      if (!canUseTask(owner, task) || (contextId !== null && task.context_id !== contextId)) {
        throw new AppError("not_found", "Task not found");
      }
      contextId = task.context_id;
    } else if (contextId !== null) {
      const task = await insertTask(services, trx, emit, owner, {
        contextId,
        agentName: mcpExecutionAgentName,
        taskType: "mcp_execution",
        state: "working",
        metadata: {
          mcp_server_name: call.serverName,
          tool_name: call.toolName,
          mcp_execution_id: id,
        },
      });
      taskId = task.id;
    }
    const executions = new ToolExecutionsRepository(trx);
    await executions.insert({
      id,
      user_id: owner.userId,
      context_id: contextId,
      task_id: taskId,
      server_name: call.serverName,
      server_endpoint: call.serverEndpoint,
      tool_name: call.toolName,
      input: JSON.stringify(call.input ?? {}),
      output: null,
      status: "executing",
      error: null,
      render_behavior: call.renderBehavior ?? null,
      started_at: new Date().toISOString(),
      completed_at: null,
      execution_time_ms: null,
      trace_id: call.traceId ?? null,
      artifact_id: null,
    });
    const row = await executions.findById(id);
    if (!row) throw new Error(`execution ${id} unreadable right after it was written`);
    return presentExecution(row);
  });
}
