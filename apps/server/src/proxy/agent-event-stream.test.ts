import type { RequestListener } from "node:http";
import { TaskState } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { messageToSdk } from "../agents/sdk-convert.js";
import { guardedStreamOpen, maxUnreadBodyBytes } from "../net/guarded-stream-fetch.js";
import { FloodingAgent } from "../test/flooding-agent.js";
import { loopbackServers } from "../test/loopback-servers.js";
import {
  eventOf,
  listenedSseData,
  maxAgentEventBytes,
  sseData,
  streamAgentReply,
} from "./agent-event-stream.js";

const serveOrigin = loopbackServers();
const serve = async (listener: RequestListener) => `${await serveOrigin(listener)}/`;

const open = (idleMs = 2000) =>
  guardedStreamOpen({
    allowHosts: ["127.0.0.1"],
    timeoutMs: 5000,
    maxBytes: 1024,
    maxRedirects: 0,
    idleMs,
  });

/** An agent that sends these chunks of an event stream, 5 ms apart, then ends (or stays open). */
function chunksAgent(chunks: (string | Uint8Array)[], end = true): RequestListener {
  return (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.flushHeaders();
    // The reader may drop the connection before every chunk went out.
    res.on("error", () => undefined);
    let i = 0;
    const next = () => {
      if (res.destroyed) return;
      if (i === chunks.length) {
        if (end) res.end();
        return;
      }
      res.write(chunks[i]);
      i += 1;
      setTimeout(next, 5);
    };
    next();
  };
}

async function listened(url: string, idleMs?: number): Promise<string[]> {
  const out: string[] = [];
  for await (const data of listenedSseData(await open(idleMs)(url))) out.push(data);
  return out;
}

function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(body)) out.push(data);
  return out;
}

const statusUpdate = (text: string) => ({
  kind: "status-update",
  taskId: "t1",
  contextId: "c1",
  final: false,
  status: {
    state: "working",
    message: { kind: "message", messageId: "m1", role: "agent", parts: [{ kind: "text", text }] },
  },
});

describe("sseData", () => {
  it("splits events across chunks, LF or CRLF, skipping comments and other fields", async () => {
    const events = await all(
      bodyOf([
        ": hello\n\nevent: message\nda",
        'ta: {"a":1}\r\n\r\ndata: x\ndata:y\n',
        "\nid: 3\ndata: last\n",
      ]),
    );
    expect(events).toEqual(['{"a":1}', "x\ny", "last"]);
  });

  it("keeps a character split between two chunks whole", async () => {
    const bytes = new TextEncoder().encode("data: é€\n\n");
    expect(await all(bodyOf([bytes.slice(0, 7), bytes.slice(7, 9), bytes.slice(9)]))).toEqual([
      "é€",
    ]);
  });

  it("refuses an event larger than the limit", async () => {
    const big = "x".repeat(1024 * 1024);
    const chunks = ["data: "];
    for (let i = 0; i <= maxAgentEventBytes / big.length; i += 1) chunks.push(big);
    await expect(all(bodyOf(chunks))).rejects.toThrow(
      `SSE line exceeded the maximum allowed size of ${maxAgentEventBytes} bytes`,
    );
    const lines = Array.from({ length: 5 }, () => `data: ${big}\n`);
    await expect(all(bodyOf(lines))).rejects.toThrow("SSE event data exceeded the maximum");
  });
});

describe("listenedSseData (an agent's stream read off the socket)", () => {
  it("splits events across chunks, LF or CRLF, keeping split characters whole", async () => {
    const bytes = new TextEncoder().encode("data: é€\n\n");
    const url = await serve(
      chunksAgent([
        ": hello\n\nevent: message\nda",
        'ta: {"a":1}\r\n\r\ndata: x\ndata:y\n',
        "\nid: 3\ndata: last\n\n",
        bytes.slice(0, 7),
        bytes.slice(7, 9),
        bytes.slice(9),
        "data: unterminated\n",
      ]),
    );
    expect(await listened(url)).toEqual(['{"a":1}', "x\ny", "last", "é€", "unterminated"]);
  });

  it("gives the events that came, then the idle cut", async () => {
    const url = await serve(chunksAgent(["data: one\n\ndata: two\n\n"], false));
    const out: string[] = [];
    await expect(
      (async () => {
        for await (const data of listenedSseData(await open(150)(url))) out.push(data);
      })(),
    ).rejects.toThrow("The stream stopped sending");
    expect(out).toEqual(["one", "two"]);
  });

  it("is not cut as idle when our event loop was busy for the idle limit", async () => {
    let sendRest: () => void = () => undefined;
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      sendRest = () => {
        res.end("data: two\n\n");
      };
    });
    const out: string[] = [];
    for await (const data of listenedSseData(await open(100)(url))) {
      out.push(data);
      if (data !== "one") continue;
      // The agent's next event is on the socket, but we only look at it after the idle limit.
      sendRest();
      const until = performance.now() + 250;
      while (performance.now() < until);
    }
    expect(out).toEqual(["one", "two"]);
  });

  it("gives the events that came, then the agent's connection dropping", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const out: string[] = [];
    await expect(
      (async () => {
        for await (const data of listenedSseData(await open()(url))) out.push(data);
      })(),
    ).rejects.toThrow(/Connection (closed|failed)/);
    expect(out).toEqual(["one"]);
  });

  it("refuses an event larger than the limit and drops the connection", async () => {
    let closed: Promise<unknown> | undefined;
    const big = "x".repeat(1024 * 1024);
    const url = await serve((req, res) => {
      closed = new Promise((resolve) => req.socket.on("close", resolve));
      chunksAgent(["data: first\n\ndata: ", ...Array.from({ length: 5 }, () => big)], false)(
        req,
        res,
      );
    });
    const out: string[] = [];
    await expect(
      (async () => {
        for await (const data of listenedSseData(await open()(url))) out.push(data);
      })(),
    ).rejects.toThrow(`SSE line exceeded the maximum allowed size of ${maxAgentEventBytes} bytes`);
    expect(out).toEqual(["first"]);
    await closed;
  });

  it("drops the agent's connection when the reader stops early", async () => {
    let closed: Promise<unknown> | undefined;
    const url = await serve((req, res) => {
      closed = new Promise((resolve) => req.socket.on("close", resolve));
      chunksAgent(["data: one\n\n", "data: two\n\n"], false)(req, res);
    });
    for await (const data of listenedSseData(await open()(url))) {
      expect(data).toBe("one");
      break;
    }
    await closed;
  });
});

describe("listenedSseData against an agent that sends faster than it is read", () => {
  // 8 MiB of 1 KiB events, far more than may wait in our process.
  const count = 8 * 1024;
  // Beyond the bound: the chunk that passed it, Node's own buffer of the response, the headers.
  const slack = 256 * 1024;
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("holds at most the bound of what the agent sent, and gives every event in order", async () => {
    const agent = new FloodingAgent(count);
    const url = await serve(agent.listener);
    const events = listenedSseData(await open()(url));
    const socket = agent.readerSocket();
    let taken = 0;
    let peak = 0;
    const held = () => {
      peak = Math.max(peak, socket.bytesRead - FloodingAgent.wireBytes(taken));
    };
    for await (const data of events) {
      expect(data).toBe(FloodingAgent.data(taken));
      taken += 1;
      held();
      // A slow reader: after the first event it waits for the agent; then the socket may be read
      // between every few events.
      if (taken === 1) await agent.heldBackOrDone();
      else if (taken % 16 === 0) await nextTurn();
      held();
    }
    expect(taken).toBe(count);
    expect(peak).toBeLessThan(maxUnreadBodyBytes + slack);
  });

  it("is not cut as idle while paused for its reader, and is once the agent is silent", async () => {
    const agent = new FloodingAgent(count, false);
    const url = await serve(agent.listener);
    let taken = 0;
    await expect(
      (async () => {
        for await (const data of listenedSseData(await open(100)(url))) {
          expect(data).toBe(FloodingAgent.data(taken));
          taken += 1;
          if (taken === 1) {
            await agent.heldBackOrDone();
            // Three idle limits: the agent had nothing to send into, it was not idle.
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
        }
      })(),
    ).rejects.toThrow("The stream stopped sending");
    expect(taken).toBe(count);
  });

  it("drops the agent's connection when the reader stops while it is paused", async () => {
    const agent = new FloodingAgent(count, false);
    const url = await serve(agent.listener);
    for await (const data of listenedSseData(await open()(url))) {
      expect(data).toBe(FloodingAgent.data(0));
      await agent.heldBackOrDone();
      break;
    }
    await agent.closed;
  });
});

describe("eventOf", () => {
  it("reads a 1.0 and a 0.3 event as the SDK's StreamResponse", () => {
    const v1 = eventOf(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        result: {
          statusUpdate: {
            taskId: "t1",
            contextId: "c1",
            status: {
              state: "TASK_STATE_WORKING",
              message: { messageId: "m1", role: "ROLE_AGENT", parts: [{ text: "hi" }] },
            },
          },
        },
      }),
      7,
      "1.0",
    );
    const legacy = eventOf(
      JSON.stringify({ jsonrpc: "2.0", id: 7, result: statusUpdate("hi") }),
      7,
      "0.3",
    );
    for (const event of [v1, legacy]) {
      expect(event.payload?.$case).toBe("statusUpdate");
      if (event.payload?.$case !== "statusUpdate") continue;
      expect(event.payload.value.taskId).toBe("t1");
      expect(event.payload.value.status?.state).toBe(TaskState.TASK_STATE_WORKING);
      const part = event.payload.value.status?.message?.parts[0];
      expect(part?.content).toEqual({ $case: "text", value: "hi" });
    }
  });

  it('reads 0.3 events with empty ids, as the SDK client did (a2a-dotnet 0.3 sends contextId "")', () => {
    const legacy = (result: object) =>
      eventOf(JSON.stringify({ jsonrpc: "2.0", id: 7, result }), 7, "0.3").payload;
    const status = legacy({ ...statusUpdate("hi"), contextId: "" });
    expect(status?.$case).toBe("statusUpdate");
    if (status?.$case === "statusUpdate") {
      expect(status.value).toMatchObject({ taskId: "t1", contextId: "" });
      expect(status.value.status?.message?.parts[0]?.content).toEqual({
        $case: "text",
        value: "hi",
      });
    }
    const artifact = legacy({
      kind: "artifact-update",
      taskId: "",
      contextId: "",
      artifact: { artifactId: "a1", parts: [{ kind: "text", text: "x" }] },
    });
    expect(artifact?.$case === "artifactUpdate" && artifact.value).toMatchObject({
      taskId: "",
      contextId: "",
      artifact: { artifactId: "a1" },
    });
    const task = legacy({ kind: "task", id: "", contextId: "", status: { state: "completed" } });
    expect(task?.$case === "task" && task.value).toMatchObject({
      id: "",
      contextId: "",
      status: { state: TaskState.TASK_STATE_COMPLETED },
    });
    // An id that is not there at all is still refused, in the SDK's words.
    const { contextId: _none, ...noContext } = statusUpdate("hi");
    expect(() => legacy(noContext)).toThrow(
      "status-update.contextId is required and must be a non-empty string",
    );
  });

  it("says what is wrong with a bad event, as the SDK client did", () => {
    expect(() => eventOf("{not json", 1, "1.0")).toThrow(
      'Failed to parse SSE event data: "{not json...".',
    );
    expect(() => eventOf(JSON.stringify({ jsonrpc: "2.0", id: 2, result: {} }), 1, "1.0")).toThrow(
      "JSON-RPC response ID mismatch in SSE event. Expected 1, got 2.",
    );
    expect(() =>
      eventOf(
        JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "boom" } }),
        1,
        "0.3",
      ),
    ).toThrow("SSE event contained an error: boom (Code: -32603) Data: {}");
    expect(() => eventOf(JSON.stringify({ jsonrpc: "2.0", id: 1 }), 1, "1.0")).toThrow(
      "SSE event JSON-RPC response is missing 'result' field.",
    );
    expect(() => eventOf(JSON.stringify({ id: 1, result: {} }), 1, "1.0")).toThrow(
      "expected 'jsonrpc' to be exactly '2.0', got undefined.",
    );
  });
});

describe("streamAgentReply", () => {
  const message = {
    messageId: "m1",
    role: "user" as const,
    parts: [{ kind: "text" as const, text: "hi" }],
    contextId: "c1",
  };
  const call = (protocol: "1.0" | "0.3") => ({
    endpoint: "http://agent.example/",
    protocol,
    message,
    sdkMessage: messageToSdk(message),
    signal: new AbortController().signal,
  });

  it("sends the protocol's request and yields the agent's events", async () => {
    const sent: { headers: Headers; body: { id: number; method: string; params: unknown } }[] = [];
    const fetchImpl: typeof fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body));
      sent.push({ headers: new Headers(init?.headers), body });
      const event = { jsonrpc: "2.0", id: body.id, result: statusUpdate("one") };
      return new Response(`data: ${JSON.stringify(event)}\n\n`, {
        headers: { "content-type": "text/event-stream" },
      });
    };
    const events = [];
    for await (const event of streamAgentReply(fetchImpl, call("0.3"))) events.push(event);
    expect(events).toHaveLength(1);
    expect(sent[0]?.headers.get("a2a-version")).toBe("0.3");
    expect(sent[0]?.body.method).toBe("message/stream");
    expect(sent[0]?.body.params).toMatchObject({
      message: { kind: "message", role: "user", parts: [{ kind: "text", text: "hi" }] },
    });
    await streamAgentReply(fetchImpl, call("1.0")).next();
    expect(sent[1]?.headers.get("a2a-version")).toBe("1.0");
    expect(sent[1]?.body.method).toBe("SendStreamingMessage");
    expect(sent[1]?.body.params).toMatchObject({
      message: { role: "ROLE_USER", parts: [{ text: "hi" }] },
    });
  });

  it("gives the agent's refusal: its JSON-RPC error, or the HTTP status and body", async () => {
    const answer =
      (response: Response): typeof fetch =>
      async () =>
        response;
    await expect(
      streamAgentReply(answer(new Response("nope", { status: 502 })), call("1.0")).next(),
    ).rejects.toThrow(
      "HTTP error establishing stream for SendStreamingMessage: 502 . Response: nope",
    );
    const rpcError = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32001, message: "Task not found" },
    });
    await expect(
      streamAgentReply(
        answer(new Response(rpcError, { headers: { "content-type": "application/json" } })),
        call("1.0"),
      ).next(),
    ).rejects.toThrow("Task not found");
    await expect(
      streamAgentReply(answer(new Response("{}", { status: 200 })), call("0.3")).next(),
    ).rejects.toThrow(
      "Invalid response Content-Type for SSE stream for message/stream. Expected 'text/event-stream'.",
    );
  });

  it("reads the guarded open's answer: the agent's events off the socket, or its refusal", async () => {
    const sse = await serve((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const { id } = JSON.parse(body) as { id: number };
        res.writeHead(200, { "content-type": "text/event-stream" });
        for (const text of ["one", "two"])
          res.write(
            `data: ${JSON.stringify({ jsonrpc: "2.0", id, result: statusUpdate(text) })}\n\n`,
          );
        res.end();
      });
    });
    const texts = [];
    for await (const event of streamAgentReply(open(), { ...call("0.3"), endpoint: sse })) {
      const payload = event.payload;
      if (payload?.$case !== "statusUpdate") throw new Error("expected a status update");
      const part = payload.value.status?.message?.parts[0]?.content;
      texts.push(part?.$case === "text" ? part.value : "");
    }
    expect(texts).toEqual(["one", "two"]);

    const refusing = await serve((_req, res) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("nope");
    });
    await expect(
      streamAgentReply(open(), { ...call("1.0"), endpoint: refusing }).next(),
    ).rejects.toThrow(
      "HTTP error establishing stream for SendStreamingMessage: 502 . Response: nope",
    );
  });
});
