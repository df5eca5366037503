import { TaskState } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { messageToSdk } from "../agents/sdk-convert.js";
import { eventOf, maxAgentEventBytes, sseData, streamAgentReply } from "./agent-event-stream.js";

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
});
