import type { ServerTool } from "../../../api/list-server-tools.js";
import { isTokenExpired } from "../../../lib/jwt.js";
import type { AgentClient, AgentClientFactory } from "../agent-client.js";
import { StreamOutbox } from "./stream-outbox.js";
import {
  type AuthSnapshot,
  type FromWorker,
  type MessagePortLike,
  type StreamStart,
  type ToolListing,
  type ToWorker,
  toWire,
} from "./worker-protocol.js";

/**
 * The worker's side: keeps one A2A client per agent the page named, runs the streams and calls
 * the page asks for, and answers each stream in batches, one per pull of the page. The token is
 * the page's latest snapshot, read at the moment of each request, like the page's own client did.
 */
export function serveAgentCalls(
  port: MessagePortLike<ToWorker, FromWorker>,
  makeClient: AgentClientFactory,
  listTools?: (listing: ToolListing) => Promise<ServerTool[]>,
): void {
  let auth: AuthSnapshot = { token: null, expiry: null };
  const getToken = () =>
    auth.token !== null && !isTokenExpired(auth.expiry, Date.now()) ? auth.token : null;
  const clients = new Map<number, AgentClient>();
  const streams = new Map<number, { outbox: StreamOutbox; controller: AbortController }>();

  const clientOf = (clientId: number): AgentClient => {
    const client = clients.get(clientId);
    if (!client) throw new Error(`No agent client ${clientId} in the worker`);
    return client;
  };

  const open = (client: AgentClient, start: StreamStart, signal: AbortSignal) =>
    start.op === "send"
      ? client.sendStream(start.message, {
          ...(start.pushUrl !== undefined ? { pushUrl: start.pushUrl } : {}),
          ...(start.token !== undefined ? { token: start.token } : {}),
          signal,
        })
      : client.resubscribe(start.taskId, { signal });

  async function runStream(id: number, clientId: number, start: StreamStart): Promise<void> {
    const controller = new AbortController();
    const outbox = new StreamOutbox((batch) => {
      // The stream is forgotten once its end went out, not when it ended: the end waits for a pull.
      if (batch.end) streams.delete(id);
      port.postMessage({ type: "batch", id, ...batch });
    });
    streams.set(id, { outbox, controller });
    try {
      for await (const event of open(clientOf(clientId), start, controller.signal)) {
        if (controller.signal.aborted) break;
        outbox.push(event);
      }
      outbox.finish({ ok: true });
    } catch (error) {
      outbox.finish({ ok: false, error: toWire(error) });
    }
  }

  async function runCall(
    id: number,
    clientId: number,
    op: "getTask" | "cancelTask",
    taskId: string,
  ) {
    try {
      const client = clientOf(clientId);
      const task = await (op === "getTask" ? client.getTask(taskId) : client.cancelTask(taskId));
      port.postMessage({ type: "result", id, task });
    } catch (error) {
      port.postMessage({ type: "failure", id, error: toWire(error) });
    }
  }

  async function runListing(id: number, listing: ToolListing) {
    try {
      if (!listTools) throw new Error("This worker does not list tools");
      port.postMessage({ type: "tools", id, tools: await listTools(listing) });
    } catch (error) {
      port.postMessage({ type: "failure", id, error: toWire(error) });
    }
  }

  port.addEventListener("message", ({ data }) => {
    switch (data.type) {
      case "auth":
        auth = data.auth;
        return;
      case "client":
        clients.set(data.clientId, makeClient(data.agent, getToken));
        return;
      case "stream":
        void runStream(data.id, data.clientId, data.start);
        return;
      case "pull":
        streams.get(data.id)?.outbox.pull();
        return;
      case "abort": {
        const stream = streams.get(data.id);
        streams.delete(data.id);
        stream?.outbox.close();
        stream?.controller.abort();
        return;
      }
      case "call":
        void runCall(data.id, data.clientId, data.op, data.taskId);
        return;
      case "listTools":
        void runListing(data.id, data.listing);
        return;
    }
  });
}
