import { runsAsTaskMetaKey, taskFailedMessage, taskStatusMessage } from "@a2a-chat/contracts";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type Task,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

/** Whether a tool can only be called as an MCP task (`execution.taskSupport: required`). */
export function needsTask(tool: Tool): boolean {
  return tool.execution?.taskSupport === "required";
}

/**
 * A tool as the proxy lists it: one that needs a task is offered as an ordinary tool (the proxy
 * runs the task), marked with runsAsTaskMetaKey; the others as the server lists them.
 */
export function asProxiedTool(tool: Tool): Tool {
  if (!needsTask(tool)) return tool;
  return {
    ...tool,
    execution: { ...tool.execution, taskSupport: "forbidden" },
    _meta: { ...tool._meta, [runsAsTaskMetaKey]: true },
  };
}

/** How long a cancelled task's tasks/cancel may take before the proxy stops waiting. */
const cancelTimeoutMs = 5000;

export interface TaskCallOptions {
  signal: AbortSignal;
  /** Each request's time limit (creating, polling, fetching the result). */
  timeout: number;
  /** Told the task's status each time it is polled. */
  onStatus?: (task: Task) => void;
}

/**
 * Calls a tool as a task (MCP 2025-11-25, experimental): creates it, polls tasks/get at the
 * interval the server asks for (telling each status), and answers tasks/result when it
 * completes. A failed task throws with the server's status message; when the caller cancels,
 * the task is cancelled on the server (tasks/cancel) before the cancellation is thrown on.
 */
export async function callAsTask(
  client: Client,
  params: { name: string; arguments: Record<string, unknown> },
  options: TaskCallOptions,
): Promise<CallToolResult> {
  const { signal, timeout, onStatus } = options;
  let taskId: string | undefined;
  let last: Task | undefined;
  const stream = client.experimental.tasks.callToolStream(params, CallToolResultSchema, {
    signal,
    timeout,
    task: {},
  });
  try {
    for await (const message of stream) {
      if (message.type === "taskCreated" || message.type === "taskStatus") {
        taskId = message.task.taskId;
        last = message.task;
        onStatus?.(message.task);
      } else if (message.type === "result") {
        return message.result as CallToolResult;
      } else if (message.type === "error") {
        throw message.error;
      }
    }
  } catch (error) {
    if (signal.aborted && taskId !== undefined) {
      await client.experimental.tasks
        .cancelTask(taskId, { timeout: cancelTimeoutMs })
        .catch(() => undefined);
    }
    if (signal.aborted) throw signal.reason ?? error;
    if (last?.status === "failed")
      throw new McpError(
        ErrorCode.InternalError,
        taskFailedMessage(params.name, last.statusMessage),
      );
    throw error;
  }
  throw new McpError(ErrorCode.InternalError, taskFailedMessage(params.name));
}

/**
 * Turns a task's statuses into progress notifications for the caller: a count that grows with
 * each status seen (progress must increase) and the status in words (see taskStatusMessage).
 */
export function taskProgress(
  notify: (progress: { progress: number; message?: string }) => void,
): (task: Task) => void {
  let seen = 0;
  return (task) => {
    seen += 1;
    notify({ progress: seen, message: taskStatusMessage(task.status, task.statusMessage) });
  };
}
