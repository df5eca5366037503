import { taskSchema } from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from "../../agents/providers/fake-openai-server.js";
import { deltaMetadataKey } from "../../agents/stored-task-store.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

/**
 * A streamed reply through the A2A endpoint arrives whole and in order, however the server
 * joins its text into deltas (at most one every few milliseconds): the deltas add up to the
 * reply, the final event comes after the last of them and carries the whole reply, and the
 * stored task holds it. The model streams its words over time (a millisecond apart), so the
 * text arrives across many turns of the event loop, as a real model's does.
 */

const words = Array.from({ length: 300 }, (_, i) => `w${i} `);

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(() => ({
    kind: "text",
    chunks: words,
    usage: { prompt_tokens: 1, completion_tokens: words.length },
    gapMs: 1,
  }));
});
afterAll(async () => {
  await fake.close();
});

function textOf(message: { parts: { content?: { $case: string; value?: unknown } }[] }): string {
  return message.parts
    .map((p) => (p.content?.$case === "text" ? String(p.content.value) : ""))
    .join("");
}

/** The stream's deltas and its final status, checking the order on the way. */
function read(events: StreamResponse[]): { deltas: string[]; final: string; state?: TaskState } {
  const deltas: string[] = [];
  let final: { text: string; state: TaskState } | undefined;
  for (const event of events) {
    if (event.payload?.$case !== "statusUpdate") continue;
    const status = event.payload.value.status;
    const message = status?.message;
    if (final) throw new Error("an event came after the final status");
    if (message?.metadata?.[deltaMetadataKey] === true) {
      deltas.push(textOf(message));
      continue;
    }
    if (status && status.state !== TaskState.TASK_STATE_WORKING)
      final = { text: message ? textOf(message) : "", state: status.state };
  }
  return { deltas, final: final?.text ?? "", state: final?.state };
}

describeEachDialect("a streamed reply through the A2A endpoint", (get) => {
  const makeApp = () =>
    createTestApp(get(), {
      config: {
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        agents: [
          {
            name: "assistant",
            description: "The built-in planner",
            systemPrompt: "Plan.",
            model: "planner",
            default: true,
          },
          {
            name: "talker",
            description: "Streams three hundred words",
            systemPrompt: "Talk.",
            model: "compatible:talk",
          },
        ],
      },
    });

  async function stream(app: ReturnType<typeof makeApp>, agent: string, text: string) {
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, user.session.access_token), agent);
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(sendParams(textMessage(contextId, text))))
      events.push(event);
    const taskId = events[0]?.payload?.$case === "task" ? events[0].payload.value.id : "";
    const stored = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
    return { events, stored };
  }

  it("a model's reply: the deltas add up to the whole reply, in order, before the final event", async () => {
    const { events, stored } = await stream(makeApp(), "talker", "talk");
    const { deltas, final, state } = read(events);
    const whole = words.join("");
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(deltas.join("")).toBe(whole);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThanOrEqual(words.length);
    expect(final).toBe(whole);
    expect(stored.status.state).toBe("completed");
    expect(stored.history.at(-1)?.parts).toEqual([{ kind: "text", text: whole }]);
  });

  it("an A2A 0.3 client's stream (deltas merged in the stream, not written directly): whole and in order", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const v03 = new LegacyJsonRpcTransport({
      endpoint: "http://localhost/api/v1/agents/talker",
      fetchImpl: inProcessFetch(app, user.session.access_token),
    });
    const events: StreamResponse[] = [];
    for await (const event of v03.sendMessageStream(sendParams(textMessage(contextId, "talk"))))
      events.push(event);
    const { deltas, final, state } = read(events);
    const whole = words.join("");
    expect(events[0]?.payload?.$case).toBe("task");
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.join("")).toBe(whole);
    expect(final).toBe(whole);
  });

  it("an A2A 1.0 delta on the wire: the SDK's JSON-RPC framing and the 1.0 shapes", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const res = await app.request("/api/v1/agents/talker", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json", "A2A-Version": "1.0" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: "call-7",
        method: "SendStreamingMessage",
        params: {
          message: {
            messageId: "m-1",
            contextId,
            role: "ROLE_USER",
            parts: [{ text: "talk" }],
          },
        },
      }),
    });
    const frames = (await res.text()).split("\n\n").filter((frame) => frame !== "");
    const delta = frames
      .map((frame) => {
        expect(frame.startsWith("data: ")).toBe(true);
        return JSON.parse(frame.slice("data: ".length)) as Record<string, unknown>;
      })
      .find((body) => JSON.stringify(body).includes(deltaMetadataKey));
    if (!delta) throw new Error("expected a delta");
    expect(Object.keys(delta)).toEqual(["jsonrpc", "id", "result"]);
    expect(delta).toMatchObject({
      jsonrpc: "2.0",
      id: "call-7",
      result: {
        statusUpdate: {
          contextId,
          status: {
            state: "TASK_STATE_WORKING",
            message: {
              role: "ROLE_AGENT",
              contextId,
              parts: [{ text: expect.any(String), mediaType: "text/plain" }],
              metadata: { [deltaMetadataKey]: true },
            },
          },
        },
      },
    });
  });

  it("the planner's reply: the deltas add up to the final text", async () => {
    const { events, stored } = await stream(makeApp(), "assistant", "hello");
    const { deltas, final, state } = read(events);
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(final.length).toBeGreaterThan(0);
    expect(deltas.join("")).toBe(final);
    const storedPart = stored.history.at(-1)?.parts[0];
    expect(storedPart?.kind === "text" && storedPart.text).toBe(final);
  });
});
