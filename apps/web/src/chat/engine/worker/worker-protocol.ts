import type { Task } from "@a2a-chat/contracts";
import type { Agent } from "../../../api/agent-types.js";
import type { ServerTool } from "../../../api/list-server-tools.js";
import type { ToolServer } from "../../../api/mcp-registry-api.js";
import type { ChatStreamEvent } from "../../model/chat-types.js";
import { AgentClientError, isAbortError } from "../agent-client-error.js";
import type { OutgoingMessage } from "../outgoing-message.js";

/**
 * The messages between the page and the agent worker (chat/engine/worker/agent-worker.ts), which
 * runs the A2A client off the main thread. Everything here survives structured cloning: plain
 * data, no classes, no functions.
 */

/** The session token as the page's auth store holds it; the worker decides validity itself. */
export interface AuthSnapshot {
  token: string | null;
  /** Expiry in ms since the epoch (the store's tokenExpiry), or null. */
  expiry: number | null;
}

/** A stream the page asks the worker to open. */
export type StreamStart =
  | { op: "send"; message: OutgoingMessage; pushUrl?: string; token?: string }
  | { op: "resubscribe"; taskId: string };

/** Page → worker. */
export type ToWorker =
  | { type: "auth"; auth: AuthSnapshot }
  /** Makes (or replaces) the worker's client of an agent under the page's id for it. */
  | { type: "client"; clientId: number; agent: Agent }
  | { type: "stream"; id: number; clientId: number; start: StreamStart }
  /** The page is ready for what the stream collected since its last batch. */
  | { type: "pull"; id: number }
  /** The page left the stream (stop, reset, or it read what it needed). */
  | { type: "abort"; id: number }
  | { type: "call"; id: number; clientId: number; op: "getTask" | "cancelTask"; taskId: string }
  /** Lists one MCP server's tools (the Tools column), so the MCP client loads in the worker. */
  | { type: "listTools"; id: number; listing: ToolListing };

/** What the worker needs to list one MCP server's tools (listServerTools without a fetch). */
export interface ToolListing {
  server: Pick<ToolServer, "name" | "endpoint" | "auth">;
  token: string | null;
  contextId?: string | null;
  timeoutMs?: number;
}

/** Worker → page. */
export type FromWorker =
  /** What a stream collected since the last pull, in order; `end` once nothing follows. */
  | { type: "batch"; id: number; events: ChatStreamEvent[]; end?: StreamEnd }
  | { type: "result"; id: number; task: Task }
  | { type: "tools"; id: number; tools: ServerTool[] }
  | { type: "failure"; id: number; error: WireError };

/** How a stream ended: normally, or with the error it threw. */
export type StreamEnd = { ok: true } | { ok: false; error: WireError };

/** An error as it crosses to the page: enough to rebuild what the chat checks. */
export interface WireError {
  name: string;
  message: string;
  status?: number;
  code?: number;
  connection?: boolean;
}

/** The part of a Worker, a worker's global scope or a MessagePort that the two sides use. */
export interface MessagePortLike<In, Out> {
  postMessage(message: Out): void;
  addEventListener(type: "message", listener: (event: MessageEvent<In>) => void): void;
}

/** An error thrown in the worker, as data. */
export function toWire(error: unknown): WireError {
  if (error instanceof AgentClientError) {
    return {
      name: error.name,
      message: error.message,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.code !== undefined ? { code: error.code } : {}),
      ...(error.connection ? { connection: true } : {}),
    };
  }
  if (isAbortError(error)) return { name: "AbortError", message: (error as Error).message };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/** The error the page throws for one that came from the worker: the same class and fields. */
export function fromWire(wire: WireError): Error {
  if (wire.name === "AgentClientError") {
    return new AgentClientError(wire.message, wire.status, wire.code, wire.connection ?? false);
  }
  if (wire.name === "AbortError") return new DOMException(wire.message, "AbortError");
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}
