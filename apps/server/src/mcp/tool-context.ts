import type { Services } from "../http/services.js";

export { taskIdHeader } from "@a2a-chat/contracts";

/** What every built-in tool call knows about its caller; built per HTTP request. */
export interface ToolContext {
  services: Services;
  userId: string;
  scopes: string[];
  /** The caller's x-trace-id (or the id the server gave the request). */
  traceId: string;
  /** Absolute URL of the server's streamable-HTTP endpoint, as the registry lists it. */
  endpoint: string;
  /** The caller's x-context-id: the conversation the call belongs to, when given. */
  contextId: string | undefined;
  /** The caller's x-task-id: the task (an agent's turn) the call is part of, when given. */
  taskId: string | undefined;
  /** Aborts when the HTTP request ends early or the caller cancels the call. */
  signal: AbortSignal;
}
