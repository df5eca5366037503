import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunnerEvent, RunnerInput, RunnerTool } from "../model-runner.js";
import { AiSdkRunner } from "./ai-sdk-runner.js";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "./fake-openai-server.js";
import { type ProvidersConfig, resolveModel } from "./resolve-model.js";

const systemPrompt = "You are a weather bot. Use tools.";
const answerChunks = ["It is ", "sunny ", "in Paris", "."];

/** First call: the model asks for the weather tool; once it has the result, it answers. */
function weatherScript(request: FakeChatRequest): FakeReply {
  if (request.body.model === "broken-model") {
    return { kind: "http-error", status: 400, message: "The model `broken-model` does not exist" };
  }
  if (request.body.model === "slow-model") return { kind: "endless-text", intervalMs: 20 };
  const hasToolResult = request.body.messages.some((message) => message.role === "tool");
  return hasToolResult
    ? {
        kind: "text",
        chunks: answerChunks,
        usage: { prompt_tokens: 20, completion_tokens: 5 },
        // The second half comes later: deltas that arrive together are joined into one.
        hold: { after: 2, until: new Promise((resolve) => setTimeout(resolve, 20)) },
      }
    : {
        kind: "tool-call",
        id: "call_weather_1",
        name: "get_weather",
        argumentPieces: ['{"ci', 'ty": "Pa', 'ris"}'],
        usage: { prompt_tokens: 11, completion_tokens: 7 },
      };
}

function weatherTool(calls: Record<string, unknown>[]): RunnerTool {
  return {
    name: "get_weather",
    description: "Current weather for a city",
    inputSchema: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    },
    execute: async (args) => {
      calls.push(args);
      return { isError: false, text: "Sunny, 24 °C", data: { city: args.city, celsius: 24 } };
    },
  };
}

function input(tools: RunnerTool[], signal = new AbortController().signal): RunnerInput {
  return {
    systemPrompt,
    messages: [
      { role: "user", text: "Hi" },
      { role: "assistant", text: "Hello! How can I help?" },
      { role: "user", text: "What is the weather in Paris?" },
    ],
    tools,
    signal,
  };
}

async function collect(events: AsyncIterable<RunnerEvent>): Promise<RunnerEvent[]> {
  const all: RunnerEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

let server: FakeOpenAiServer;
let providers: ProvidersConfig;

beforeAll(async () => {
  server = await startFakeOpenAiServer(weatherScript);
  providers = {
    openai: { apiKey: "sk-test-openai", baseUrl: server.baseUrl },
    anthropic: {},
    google: {},
    compatible: { baseUrl: server.baseUrl, apiKey: "test-compatible-key", model: "fake-model" },
  };
});

afterAll(async () => {
  await server.close();
});

describe.each([
  { provider: "compatible", setting: "compatible:fake-model", key: "test-compatible-key" },
  { provider: "openai (chat completions)", setting: "openai:gpt-4o-mini", key: "sk-test-openai" },
])("AiSdkRunner via $provider against a fake OpenAI-compatible server", ({ setting, key }) => {
  it("streams a tool call, its result and the answer, with total usage", async () => {
    const resolved = resolveModel(setting, providers);
    if (!resolved) throw new Error("expected a model");
    const runner = new AiSdkRunner(resolved);
    expect(runner.model).toBe(setting);
    const toolCalls: Record<string, unknown>[] = [];
    const before = server.requests.length;

    const events = await collect(runner.run(input([weatherTool(toolCalls)])));

    const kinds = events.map((event) => event.kind);
    const firstText = kinds.indexOf("text-delta");
    expect(kinds.slice(0, 2)).toEqual(["tool-call", "tool-result"]);
    expect(firstText).toBe(2);
    expect(kinds.slice(firstText, -1).every((kind) => kind === "text-delta")).toBe(true);
    expect(events[0]).toEqual({
      kind: "tool-call",
      id: "call_weather_1",
      name: "get_weather",
      args: { city: "Paris" },
    });
    expect(events[1]).toEqual({
      kind: "tool-result",
      id: "call_weather_1",
      name: "get_weather",
      result: { isError: false, text: "Sunny, 24 °C", data: { city: "Paris", celsius: 24 } },
    });
    const text = events.map((event) => (event.kind === "text-delta" ? event.text : "")).join("");
    expect(text).toBe(answerChunks.join(""));
    expect(events.filter((event) => event.kind === "text-delta").length).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({
      kind: "finish",
      reason: "stop",
      model: setting,
      inputTokens: 31,
      outputTokens: 12,
    });
    expect(toolCalls).toEqual([{ city: "Paris" }]);

    // What the provider actually sent over the wire.
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(2);
    const [first, second] = sent as [FakeChatRequest, FakeChatRequest];
    expect(first.path).toBe("/v1/chat/completions");
    expect(first.authorization).toBe(`Bearer ${key}`);
    expect(first.body.stream).toBe(true);
    expect(first.body.model).toBe(resolved.modelId);
    expect(first.body.messages).toEqual([
      { role: "system", content: systemPrompt },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello! How can I help?" },
      { role: "user", content: "What is the weather in Paris?" },
    ]);
    expect(first.body.tools).toEqual([
      {
        type: "function",
        function: expect.objectContaining({
          name: "get_weather",
          description: "Current weather for a city",
          parameters: expect.objectContaining({
            type: "object",
            properties: { city: { type: "string" } },
          }),
        }),
      },
    ]);
    expect(second.body.messages.slice(0, 4)).toEqual(first.body.messages);
    const assistantCall = second.body.messages[4];
    expect(assistantCall?.role).toBe("assistant");
    expect(assistantCall?.tool_calls).toEqual([
      {
        id: "call_weather_1",
        type: "function",
        function: { name: "get_weather", arguments: '{"city":"Paris"}' },
      },
    ]);
    expect(second.body.messages[5]).toEqual({
      role: "tool",
      tool_call_id: "call_weather_1",
      content: "Sunny, 24 °C",
    });
  });
});

describe("AiSdkRunner failures and cancellation", () => {
  it("hands the model the new message's files: an image as an image, a text file as its text", async () => {
    const resolved = resolveModel("compatible:fake-model", providers);
    if (!resolved) throw new Error("expected a model");
    const runner = new AiSdkRunner(resolved);
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    const file = (name: string, mimeType: string, bytes: Buffer) => ({
      name,
      mimeType,
      size: bytes.byteLength,
      read: async (max: number) => ({
        bytes: bytes.subarray(0, max),
        truncated: bytes.byteLength > max,
      }),
    });
    const before = server.requests.length;
    await collect(
      runner.run({
        ...input([]),
        messages: [{ role: "user", text: "What is in these?" }],
        files: [
          file("notes.txt", "text/plain", Buffer.from("Bring the slides.\n")),
          file("dot.png", "image/png", png),
          file("data.bin", "application/octet-stream", Buffer.from([1, 2, 3])),
        ],
      }),
    );
    const sent = server.requests[before]?.body.messages.at(-1);
    expect(sent?.role).toBe("user");
    expect(sent?.content).toEqual([
      { type: "text", text: "What is in these?" },
      { type: "text", text: "[Attached file notes.txt (text/plain)]\nBring the slides.\n" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${png.toString("base64")}` } },
      {
        type: "text",
        text: "[Attached file data.bin (application/octet-stream): not readable as text]",
      },
    ]);
  });

  it("ends with a short error line and finish 'error' when the provider rejects the call", async () => {
    const resolved = resolveModel("compatible:broken-model", providers);
    if (!resolved) throw new Error("expected a model");

    const events = await collect(new AiSdkRunner(resolved).run(input([])));

    expect(events).toHaveLength(2);
    const [line, finish] = events;
    expect(line?.kind).toBe("text-delta");
    expect(line?.kind === "text-delta" && line.text).toContain("does not exist");
    expect(finish).toEqual({ kind: "finish", reason: "error", model: "compatible:broken-model" });
  });

  it("reports a tool that throws as an error result and lets the model go on", async () => {
    const resolved = resolveModel("compatible:fake-model", providers);
    if (!resolved) throw new Error("expected a model");
    const failing: RunnerTool = {
      ...weatherTool([]),
      execute: () => Promise.reject(new Error("weather service down")),
    };
    const before = server.requests.length;

    const events = await collect(new AiSdkRunner(resolved).run(input([failing])));

    expect(events[1]).toEqual({
      kind: "tool-result",
      id: "call_weather_1",
      name: "get_weather",
      result: { isError: true, text: "weather service down" },
    });
    expect(events.at(-1)).toMatchObject({ kind: "finish", reason: "stop" });
    const toolMessage = server.requests[before + 1]?.body.messages[5];
    expect(toolMessage?.role).toBe("tool");
    expect(JSON.stringify(toolMessage?.content)).toContain("weather service down");
  });

  it("stops promptly when aborted mid-stream and closes the provider connection", async () => {
    const resolved = resolveModel("compatible:slow-model", providers);
    if (!resolved) throw new Error("expected a model");
    const controller = new AbortController();
    const disconnected = server.nextDisconnect();
    const events: RunnerEvent[] = [];
    let abortedAt = 0;

    for await (const event of new AiSdkRunner(resolved).run(input([], controller.signal))) {
      events.push(event);
      if (events.length === 3) {
        abortedAt = performance.now();
        controller.abort();
      }
    }
    const stoppedAfterMs = performance.now() - abortedAt;

    expect(abortedAt).toBeGreaterThan(0);
    // The model never ends on its own, so a runner that ignored the abort would never stop; the
    // bound only needs to tell "stopped" from "kept reading", with room for a loaded machine.
    expect(stoppedAfterMs).toBeLessThan(2000);
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.kind === "text-delta")).toBe(true);
    await disconnected;
  });

  it("yields nothing when the signal is already aborted", async () => {
    const resolved = resolveModel("compatible:fake-model", providers);
    if (!resolved) throw new Error("expected a model");
    const before = server.requests.length;

    const events = await collect(new AiSdkRunner(resolved).run(input([], AbortSignal.abort())));

    expect(events).toEqual([]);
    expect(server.requests.length).toBe(before);
  });
});
