import { once } from "node:events";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AgentCard, type StreamResponse, TaskState } from "@a2a-js/sdk";
import {
  type A2ARequestHandler,
  type ServerCallContext,
  UnauthenticatedUser,
} from "@a2a-js/sdk/server";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv } from "../http/env.js";
import { type DirectWriter, directWriterKey } from "./direct-deltas.js";
import { clientGoneKey } from "./follow-stored-task.js";
import { jsonRpcHandler } from "./json-rpc-handler.js";

/**
 * The A2A JSON-RPC route's event streams served by Node: written straight to Node's response
 * (no web stream), they must carry the same bytes and headers as the web Response the route
 * gives when not served by Node (app.request), stop writing when the client leaves while the
 * events are still drained, and end with an SSE error event when the stream fails.
 */

const card = AgentCard.fromJSON({
  name: "scripted",
  description: "",
  version: "1",
  supportedInterfaces: [{ url: "http://x/", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true },
  defaultInputModes: [],
  defaultOutputModes: [],
  skills: [],
});

const status = (text: string, state = TaskState.TASK_STATE_WORKING): StreamResponse => ({
  payload: {
    $case: "statusUpdate",
    value: {
      taskId: "t-1",
      contextId: "c-1",
      status: {
        state,
        timestamp: "2026-01-01T00:00:00.000Z",
        message: {
          messageId: `m-${text}`,
          contextId: "c-1",
          taskId: "t-1",
          role: 2,
          parts: [
            {
              content: { $case: "text", value: text },
              metadata: undefined,
              filename: "",
              mediaType: "",
            },
          ],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        },
      },
      metadata: undefined,
    },
  },
});

/**
 * The SDK request handler's streaming call, scripted: yields `events` (writing a direct delta
 * through the route's writer after the first), waits for `gate` before the second, then fails if
 * asked to; notes the call's context and whether its events were read to the end.
 */
class ScriptedHandler implements Partial<A2ARequestHandler> {
  context: ServerCallContext | undefined;
  drained = false;
  constructor(
    private readonly events: StreamResponse[],
    private readonly options: { gate?: Promise<void>; failWith?: Error } = {},
  ) {}
  getAgentCard = async () => card;
  async *sendMessageStream(_params: unknown, context: ServerCallContext) {
    this.context = context;
    const direct = context.state.get(directWriterKey) as DirectWriter | undefined;
    for (const [i, event] of this.events.entries()) {
      if (i === 1) await this.options.gate;
      yield event;
      if (i === 0) direct?.(status("direct delta ü"));
    }
    if (this.options.failWith) throw this.options.failWith;
    this.drained = true;
  }
}

function appFor(handler: ScriptedHandler) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("body", await c.req.json());
    c.set("log", pino({ level: "silent" }));
    await next();
  });
  app.post(
    "/rpc",
    jsonRpcHandler(handler as unknown as A2ARequestHandler, () => new UnauthenticatedUser()),
  );
  return app;
}

const body = JSON.stringify({
  jsonrpc: "2.0",
  id: 7,
  method: "SendStreamingMessage",
  params: {
    message: { messageId: "u-1", contextId: "c-1", role: "ROLE_USER", parts: [{ text: "hi" }] },
  },
});
const requestHeaders = { "content-type": "application/json", "a2a-version": "1.0" };

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(app: Hono<AppEnv>): Promise<number> {
  const server = createServer(getRequestListener(app.fetch));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Posts the call over a socket; resolves with the answer's head as Node received it. */
function post(port: number) {
  return new Promise<import("node:http").IncomingMessage>((resolve, reject) => {
    const req = request(
      { port, host: "127.0.0.1", method: "POST", path: "/rpc", headers: requestHeaders },
      resolve,
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function bodyOf(answer: import("node:http").IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const sseHeaderNames = ["content-type", "cache-control", "connection", "x-accel-buffering"];

describe("A2A event streams served by Node", () => {
  const events = [
    status("first"),
    status("second"),
    status("done", TaskState.TASK_STATE_COMPLETED),
  ];

  it("carry the same bytes and headers as the web Response", async () => {
    const viaWeb = await appFor(new ScriptedHandler(events)).request("/rpc", {
      method: "POST",
      headers: requestHeaders,
      body,
    });
    const webText = await viaWeb.text();

    const handler = new ScriptedHandler(events);
    const answer = await post(await serve(appFor(handler)));
    const nodeText = await bodyOf(answer);

    expect(answer.statusCode).toBe(200);
    for (const name of sseHeaderNames)
      expect([name, answer.headers[name]]).toEqual([name, viaWeb.headers.get(name)]);
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(nodeText).toBe(webText);
    // The first event, then the direct delta, then the rest, each one SSE frame.
    const frames = nodeText.split("\n\n").filter((frame) => frame !== "");
    expect(frames).toHaveLength(4);
    expect(frames[1]).toContain("direct delta ü");
    expect(JSON.parse((frames[3] as string).slice("data: ".length))).toMatchObject({
      jsonrpc: "2.0",
      id: 7,
      result: { statusUpdate: { status: { state: "TASK_STATE_COMPLETED" } } },
    });
    expect(handler.drained).toBe(true);
  });

  it("end with an SSE error event when the stream fails mid-way, as the web Response does", async () => {
    const failing = () => new ScriptedHandler(events, { failWith: new Error("agent went away") });
    const webText = await (
      await appFor(failing()).request("/rpc", { method: "POST", headers: requestHeaders, body })
    ).text();
    const nodeText = await bodyOf(await post(await serve(appFor(failing()))));
    expect(nodeText).toBe(webText);
    const frames = nodeText.split("\n\n").filter((frame) => frame !== "");
    expect(frames).toHaveLength(5);
    expect(frames[4]).toMatch(/^event: error\ndata: /);
    expect(JSON.parse((frames[4] as string).split("data: ")[1] as string)).toMatchObject({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32603 },
    });
  });

  it("stop writing when the client leaves, and still read the stream to its end", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const many = [status("first"), ...Array.from({ length: 50 }, (_, i) => status(`#${i}`))];
    const handler = new ScriptedHandler(many, { gate });
    const answer = await post(await serve(appFor(handler)));
    const [chunk] = (await once(answer, "data")) as [Buffer];
    expect(chunk.toString()).toContain("first");
    // The client leaves while the agent's events are held back.
    answer.socket.destroy();
    const gone = handler.context?.state.get(clientGoneKey) as AbortSignal;
    if (!gone.aborted) await once(gone, "abort");
    open();
    for (let waited = 0; !handler.drained && waited < 5000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(handler.drained).toBe(true);
  });
});
