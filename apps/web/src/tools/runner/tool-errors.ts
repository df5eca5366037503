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
 * A failure's message as a person reads it: without the SDK's 'MCP error -32603:' prefix, and
 * for an HTTP error whose body is our JSON envelope ('Streamable HTTP error: Error POSTing to
 * endpoint: {"error":…,"message":"MCP server not found"}') the envelope's message.
 */
export function readableReason(message: string): string {
  const plain = message.replace(/^MCP error -?\d+: /, "");
  const body = /Error POSTing to endpoint: (\{.*\})\s*$/s.exec(plain)?.[1];
  if (!body) return plain;
  try {
    const envelope = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof envelope.message === "string" && envelope.message) return envelope.message;
    if (typeof envelope.error === "string" && envelope.error) return envelope.error;
  } catch {
    // Not JSON after all: the message as it came.
  }
  return plain;
}

/**
 * The catalogue text for a call that threw (tools spec §8): cancelled by the user, timed out,
 * unknown tool, or 'Failed to execute tool' with the underlying message as detail.
 */
export function describeFailure(error: unknown, toolName: string, cancelled: boolean): RunFailure {
  if (cancelled) return { error: toolRunMessages.cancelled };
  const message = readableReason(error instanceof Error ? error.message : String(error ?? ""));
  const code = (error as { code?: unknown } | null)?.code;
  if (code === requestTimeoutCode || /timed out/i.test(message))
    return { error: toolRunMessages.timedOut };
  if (isUnknownToolFailure(message)) return { error: toolRunMessages.notFound(toolName) };
  return message
    ? { error: toolRunMessages.failed, detail: message }
    : { error: toolRunMessages.failed };
}
