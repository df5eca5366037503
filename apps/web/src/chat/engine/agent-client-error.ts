import { messages } from "../../lib/api-error.js";
import { asRecord } from "./sdk-parts.js";

/** JSON-RPC error code of an agent refusing a caller whose scopes do not suffice (docs/agents.md). */
export const insufficientScopesCode = -32010;

/** An HTTP answer that was not a success, as the client's fetch saw it. */
export interface HttpFailure {
  status: number;
  /** The `message` of a JSON error body, when there was one. */
  message?: string;
}

/** A failed agent call: the text a user may see, the HTTP status and the JSON-RPC code if known. */
export class AgentClientError extends Error {
  override name = "AgentClientError";
  constructor(
    message: string,
    /** HTTP status of the failed answer, when the call got one. */
    readonly status?: number,
    /** JSON-RPC error code, when the agent answered with an error result. */
    readonly code?: number,
    /** The client itself could not be set up (the chat shows a connection error). */
    readonly connection = false,
  ) {
    super(message);
  }
}

/** Whether a failure is an abort (the user stopped it, or the page moved on). */
export function isAbortError(error: unknown): boolean {
  return (error instanceof Error || error instanceof DOMException) && error.name === "AbortError";
}

function jsonRpcError(error: unknown): { code: number; message: string } | undefined {
  // The SDK's errors are classes of its own bundle; their shape, not their identity, is reliable.
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const record = asRecord(current);
    if (!record) return undefined;
    if (typeof record.envelopeCode === "number" && current instanceof Error) {
      return { code: record.envelopeCode, message: current.message };
    }
    current = record.cause;
  }
  return undefined;
}

function httpMessage(failure: HttpFailure): string {
  if (failure.status === 429) return messages.rateLimited;
  if (failure.status === 403) return messages.forbidden;
  if (failure.status === 401) return failure.message ?? messages.unauthorized;
  return failure.message ?? messages.failedStatus(failure.status);
}

/**
 * Maps whatever an SDK call threw to an AgentClientError (aborts are passed on unchanged):
 * an error result of the agent reads 'A2A Error: {message}' (core spec §7), a failed HTTP answer
 * gets the text of the error catalogue (§8), a network failure the network text.
 */
export function toAgentClientError(error: unknown, http?: HttpFailure): unknown {
  if (isAbortError(error) || error instanceof AgentClientError) return error;
  const rpc = jsonRpcError(error);
  if (rpc) return new AgentClientError(`A2A Error: ${rpc.message}`, http?.status, rpc.code);
  if (http) return new AgentClientError(httpMessage(http), http.status);
  if (error instanceof TypeError) return new AgentClientError(messages.network);
  const text = error instanceof Error && error.message ? error.message : messages.unknown;
  return new AgentClientError(text);
}

/** Text of a client that cannot be set up from the agent's card (core spec §8). */
export function connectFailedMessage(url: string): string {
  return `Failed to connect to agent at ${url}`;
}

/** Whether a failure is a connection-level failure of the agent client. */
export function isConnectionError(error: unknown): error is AgentClientError {
  return error instanceof AgentClientError && error.connection;
}

/** Whether a failure is about the token or permissions: HTTP 401/403 or JSON-RPC -32010. */
export function isPermissionError(error: unknown): boolean {
  if (!(error instanceof AgentClientError)) return false;
  return error.status === 401 || error.status === 403 || error.code === insufficientScopesCode;
}
