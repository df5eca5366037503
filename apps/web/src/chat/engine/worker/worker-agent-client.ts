import type { Task } from "@a2a-chat/contracts";
import type { Agent } from "../../../api/agent-types.js";
import type { ServerTool } from "../../../api/list-server-tools.js";
import { logger } from "../../../lib/logger.js";
import type { ChatStreamEvent } from "../../model/chat-types.js";
import type { AgentClient } from "../agent-client.js";
import { AgentClientError, connectFailedMessage } from "../agent-client-error.js";
import { createPullPacer, type PullScheduler } from "./pull-pacer.js";
import {
  type AuthSnapshot,
  type FromWorker,
  fromWire,
  type MessagePortLike,
  type StreamStart,
  type ToolListing,
  type ToWorker,
} from "./worker-protocol.js";

type Reply = Exclude<FromWorker, { type: "batch" }>;
type Batch = Extract<FromWorker, { type: "batch" }>;

/** The page's end of the agent worker. */
export interface AgentWorkerConnection {
  post(message: ToWorker): void;
  /** Routes the worker's messages of one stream or call id; returns the unsubscribe. */
  listen(id: number, handler: (message: FromWorker) => void, onBroken: () => void): () => void;
  nextId(): number;
}

/** Options of the page's end. */
export interface ConnectOptions {
  /** The session token now; sent at once and again whenever `onAuthChange` fires. */
  readAuth(): AuthSnapshot;
  onAuthChange(listener: () => void): void;
}

/**
 * Connects the page to the agent worker: keeps the worker's copy of the session token current
 * (the worker may hold it: it runs on this origin, and its client still sends the token only to
 * requests that go to this origin) and routes the worker's answers by id.
 */
export function connectAgentWorker(
  port: MessagePortLike<FromWorker, ToWorker> & {
    addEventListener(type: "error", listener: (event: Event) => void): void;
  },
  options: ConnectOptions,
): AgentWorkerConnection {
  let ids = 0;
  let broken = false;
  const handlers = new Map<number, { handle: (m: FromWorker) => void; broken: () => void }>();
  let sent: AuthSnapshot | undefined;
  const sendAuth = () => {
    const auth = options.readAuth();
    if (sent && sent.token === auth.token && sent.expiry === auth.expiry) return;
    sent = auth;
    port.postMessage({ type: "auth", auth });
  };
  sendAuth();
  options.onAuthChange(sendAuth);
  port.addEventListener("message", ({ data }) => handlers.get(data.id)?.handle(data));
  // A worker that cannot start (its script refused or failed): every call fails instead of hanging.
  port.addEventListener("error", (event) => {
    logger.error("The agent worker failed", event);
    broken = true;
    for (const handler of [...handlers.values()]) handler.broken();
  });
  return {
    post: (message) => port.postMessage(message),
    listen(id, handle, onBroken) {
      if (broken) {
        queueMicrotask(onBroken);
        return () => {};
      }
      handlers.set(id, { handle, broken: onBroken });
      return () => handlers.delete(id);
    },
    nextId: () => {
      ids += 1;
      return ids;
    },
  };
}

function abortErrorOf(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === "AbortError"
    ? reason
    : new DOMException("The operation was aborted.", "AbortError");
}

/**
 * An AgentClient whose A2A client runs in the worker: the same operations, events and errors as
 * createAgentClient, with a stream's events arriving in batches the page pulls at its drawing
 * pace (`schedulePull`), so receiving costs the main thread one message per batch, not one
 * server-sent event per token.
 */
export function createWorkerAgentClient(
  connection: AgentWorkerConnection,
  agent: Agent,
  options: { schedulePull?: () => PullScheduler } = {},
): AgentClient {
  const clientId = connection.nextId();
  connection.post({ type: "client", clientId, agent });
  const unreachable = () =>
    new AgentClientError(connectFailedMessage(agent.url), undefined, undefined, true);

  async function* stream(
    start: StreamStart,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent, void, undefined> {
    if (signal?.aborted) throw abortErrorOf(signal);
    const id = connection.nextId();
    const batches: Batch[] = [];
    let failure: unknown;
    let wake: (() => void) | undefined;
    const stop = connection.listen(
      id,
      (message) => {
        if (message.type !== "batch") return;
        batches.push(message);
        wake?.();
      },
      () => {
        failure = unreachable();
        wake?.();
      },
    );
    const onAbort = () => wake?.();
    signal?.addEventListener("abort", onAbort);
    const pace = (options.schedulePull ?? createPullPacer)();
    let ended = false;
    let left = false;
    connection.post({ type: "stream", id, clientId, start });
    try {
      for (;;) {
        while (batches.length === 0) {
          if (signal?.aborted) throw abortErrorOf(signal);
          if (failure) throw failure;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
        const batch = batches.shift() as Batch;
        if (batch.end) ended = true;
        for (const event of batch.events) yield event;
        if (batch.end) {
          if (!batch.end.ok) throw fromWire(batch.end.error);
          return;
        }
        pace(() => {
          if (!left) connection.post({ type: "pull", id });
        });
      }
    } finally {
      left = true;
      stop();
      signal?.removeEventListener("abort", onAbort);
      // Leaving early (a break, a stop) closes the HTTP stream in the worker too.
      if (!ended) connection.post({ type: "abort", id });
    }
  }

  function call(op: "getTask" | "cancelTask", taskId: string): Promise<Task> {
    return new Promise<Task>((resolve, reject) => {
      const id = connection.nextId();
      const stop = connection.listen(
        id,
        (message: FromWorker) => {
          const reply = message as Reply;
          stop();
          if (reply.type === "result") resolve(reply.task);
          else if (reply.type === "failure") reject(fromWire(reply.error));
        },
        () => {
          stop();
          reject(unreachable());
        },
      );
      connection.post({ type: "call", id, clientId, op, taskId });
    });
  }

  return {
    sendStream(message, { pushUrl, token, signal } = {}) {
      const start: StreamStart = {
        op: "send",
        message,
        ...(pushUrl !== undefined ? { pushUrl } : {}),
        ...(token !== undefined ? { token } : {}),
      };
      return stream(start, signal);
    },
    resubscribe: (taskId, { signal } = {}) => stream({ op: "resubscribe", taskId }, signal),
    getTask: (taskId) => call("getTask", taskId),
    cancelTask: (taskId) => call("cancelTask", taskId),
  };
}

/** Lists one MCP server's tools in the worker; rejects with the worker's error. */
export function listToolsInWorker(
  connection: AgentWorkerConnection,
  listing: ToolListing,
): Promise<ServerTool[]> {
  return new Promise<ServerTool[]>((resolve, reject) => {
    const id = connection.nextId();
    const stop = connection.listen(
      id,
      (message) => {
        stop();
        if (message.type === "tools") resolve(message.tools);
        else if (message.type === "failure") reject(fromWire(message.error));
      },
      () => {
        stop();
        reject(new Error("The agent worker could not start"));
      },
    );
    connection.post({ type: "listTools", id, listing });
  });
}
