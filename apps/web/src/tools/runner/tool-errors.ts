/** The tool error texts of tools spec §8, and the runner's own. */
export const toolRunMessages = {
  failed: "Failed to execute tool",
  timedOut: "Tool execution timed out",
  notFound: (name: string) => `Tool ${name} not found`,
  cancelled: "Tool execution cancelled",
  outputSchema: (reason: string) => `The tool's result does not match its output schema: ${reason}`,
  noConversation: "Open a conversation first: tool results are kept in a conversation.",
} as const;

/** Whether a finished execution was cancelled by the user (shown as cancelled, not as a failure). */
export function isCancelledExecution(execution: { status: string; error?: string }): boolean {
  return execution.status === "error" && execution.error === toolRunMessages.cancelled;
}

/** MCP's JSON-RPC error code for a request that timed out (the SDK's ErrorCode.RequestTimeout). */
const requestTimeoutCode = -32001;

/** Whether a failure means the server does not know the tool ('Tool x not found', 'Unknown tool'). */
export function isUnknownToolFailure(message: string): boolean {
  return /\btool\b.*\bnot found\b/i.test(message) || /\bunknown tool\b/i.test(message);
}

/** A failed call as the queue shows it: a catalogue text, and what lay underneath. */
export interface RunFailure {
  error: string;
  detail?: string;
}

/**
 * The catalogue text for a call that threw (tools spec §8): cancelled by the user, timed out,
 * unknown tool, or 'Failed to execute tool' with the underlying message as detail.
 */
export function describeFailure(error: unknown, toolName: string, cancelled: boolean): RunFailure {
  if (cancelled) return { error: toolRunMessages.cancelled };
  const message = error instanceof Error ? error.message : String(error ?? "");
  const code = (error as { code?: unknown } | null)?.code;
  if (code === requestTimeoutCode || /timed out/i.test(message))
    return { error: toolRunMessages.timedOut };
  if (isUnknownToolFailure(message)) return { error: toolRunMessages.notFound(toolName) };
  return message
    ? { error: toolRunMessages.failed, detail: message }
    : { error: toolRunMessages.failed };
}
