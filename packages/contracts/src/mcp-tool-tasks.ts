/**
 * MCP's task-augmented tool calls (protocol 2025-11-25, experimental) as this site offers them:
 * the proxy runs a tool that needs a task (`execution.taskSupport: required`) as a task on the
 * server it belongs to and answers its caller with the task's result, so the caller calls it as
 * any other tool. The listed tool carries this `_meta` key (true) so a client can say so.
 */
export const runsAsTaskMetaKey = "a2a-chat/runs-as-task";

/** The progress message of a task-run call: its status, with the server's message when it sent one. */
export const taskStatusMessage = (status: string, statusMessage?: string) =>
  statusMessage
    ? `Task ${status.replace("_", " ")}: ${statusMessage}`
    : `Task ${status.replace("_", " ")}`;

/** Why a task-run call failed: the task's failure, with the server's message when it sent one. */
export const taskFailedMessage = (tool: string, statusMessage?: string) =>
  statusMessage ? `The task of ${tool} failed: ${statusMessage}` : `The task of ${tool} failed`;
