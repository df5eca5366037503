import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Task, Tool } from "@modelcontextprotocol/sdk/types.js";
import { callAsTask, needsTask } from "../mcp/external/task-call.js";

/** How one agent tool call is made. */
export interface CallOnceOptions {
  signal: AbortSignal | undefined;
  /** The limit of each request (a task's create, polls and result each have it). */
  timeout: number;
  onTaskStatus: (task: Task) => void;
}

/**
 * Calls a tool once: a task-only tool (execution.taskSupport: required, as a config-listed
 * server may list) as an MCP task, its statuses told and, when the turn is cancelled, the task
 * cancelled on the server (tasks/cancel); any other tool with an ordinary tools/call.
 */
export async function callOnce(
  client: Client,
  tool: Tool,
  args: Record<string, unknown>,
  options: CallOnceOptions,
): Promise<CallToolResult> {
  const { signal, timeout } = options;
  if (needsTask(tool))
    return callAsTask(
      client,
      { name: tool.name, arguments: args },
      { signal: signal ?? new AbortController().signal, timeout, onStatus: options.onTaskStatus },
    );
  return (await client.callTool({ name: tool.name, arguments: args }, undefined, {
    signal,
    timeout,
    // The proxy sends progress while a server waits for the user's answer (elicitation).
    onprogress: () => {},
    resetTimeoutOnProgress: true,
  })) as CallToolResult;
}
