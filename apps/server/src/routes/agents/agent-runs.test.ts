import { taskSchema } from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../../agents/providers/fake-openai-server.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

/**
 * Runs that are still going when the client acts: cancel mid-stream, and resubscribe after the
 * client's stream was cut. The agents run on a real AI SDK runner against a local fake
 * OpenAI-compatible server; the fake server's pacing is driven by the test (never by timers the
 * assertions depend on), so nothing here fails on a slow machine.
 */

type App = ReturnType<typeof createTestApp>;

const heldChunks = ["The ", "answer ", "is ", "forty", "-two", "."];
let release: () => void = () => {};
let held: Promise<void> = Promise.resolve();

function script(request: FakeChatRequest): FakeReply {
  if (request.body.model === "endless") return { kind: "endless-text", intervalMs: 5 };
  return {
    kind: "text",
    chunks: heldChunks,
    usage: { prompt_tokens: 3, completion_tokens: heldChunks.length },
    hold: { after: 2, until: held },
  };
}

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(script);
});
afterAll(async () => {
  await fake.close();
});

async function setup(app: App, agent: string) {
  const user = await taskUser(app);
  const contextId = await user.createContext();
  const fetchImpl = inProcessFetch(app, user.session.access_token);
  const client = await a2aClient(fetchImpl, agent);
  return { user, contextId, client };
}

function deltaText(event: StreamResponse): string {
  if (event.payload?.$case !== "statusUpdate") return "";
  const status = event.payload.value.status;
  if (status?.state !== TaskState.TASK_STATE_WORKING) return "";
  return (status.message?.parts ?? [])
    .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
    .join("");
}

function finalState(events: StreamResponse[]): TaskState | undefined {
  const last = events.at(-1)?.payload;
  if (last?.$case === "statusUpdate") return last.value.status?.state;
  if (last?.$case === "task") return last.value.status?.state;
  return undefined;
}

describeEachDialect("agent runs still going", (get) => {
  const makeApp = (quotas: { replyBytes?: number } = {}) =>
    createTestApp(get(), {
      config: {
        quotas,
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        agents: [
          {
            name: "endless",
            description: "Never stops on its own",
            systemPrompt: "Talk.",
            model: "compatible:endless",
            default: true,
          },
          {
            name: "held",
            description: "Pauses mid-answer until the test lets it go",
            systemPrompt: "Answer.",
            model: "compatible:held",
          },
        ],
      },
    });

  it("cancels a task that is actively streaming; the model call is aborted", async () => {
    const app = makeApp();
    const { user, contextId, client } = await setup(app, "endless");
    const disconnected = fake.nextDisconnect();
    const events: StreamResponse[] = [];
    let taskId = "";
    let canceled: TaskState | undefined;
    for await (const event of client.sendMessageStream(sendParams(textMessage(contextId, "go")))) {
      events.push(event);
      if (event.payload?.$case === "task") taskId = event.payload.value.id;
      if (taskId && canceled === undefined && deltaText(event).includes("tick")) {
        const task = await client.cancelTask({ tenant: "", id: taskId, metadata: undefined });
        canceled = task.status?.state;
      }
    }
    expect(canceled).toBe(TaskState.TASK_STATE_CANCELED);
    // The runner saw the abort: the provider's HTTP response was closed before it ended.
    await disconnected;
    expect(finalState(events)).toBe(TaskState.TASK_STATE_CANCELED);

    const stored = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
    expect(stored.status.state).toBe("canceled");
    // What streamed before the cancel is kept as the agent's reply.
    expect(stored.history.map((m) => m.role)).toEqual(["user", "agent"]);
    expect(stored.history[1]?.parts[0]).toMatchObject({ kind: "text" });
    const replyPart = stored.history[1]?.parts[0];
    expect(replyPart?.kind === "text" && replyPart.text.startsWith("tick ")).toBe(true);
  });

  it("stops a model that never ends at the reply limit: the model call is aborted, the task fails with the text up to it", async () => {
    const app = makeApp({ replyBytes: 102 });
    const { user, contextId, client } = await setup(app, "endless");
    const disconnected = fake.nextDisconnect();
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(sendParams(textMessage(contextId, "go"))))
      events.push(event);
    // The provider's HTTP response was closed before it ended.
    await disconnected;
    expect(finalState(events)).toBe(TaskState.TASK_STATE_FAILED);
    // 20 ticks are 100 bytes: the 21st is cut after its first two.
    const kept = `${"tick ".repeat(20)}ti`;
    expect(events.map(deltaText).join("")).toBe(kept);
    const task = events[0]?.payload;
    const taskId = task?.$case === "task" ? task.value.id : "";
    const stored = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
    expect(stored.status.state).toBe("failed");
    expect(stored.history.map((m) => m.role)).toEqual(["user", "agent"]);
    expect(stored.history[1]?.parts).toEqual([
      { kind: "text", text: kept },
      {
        kind: "text",
        text: "\n\nThe agent's reply was stopped: it passed the 102 B limit for one reply.",
      },
    ]);
  });

  it("resubscribing after the stream was cut delivers the complete result", async () => {
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = makeApp();
    const { user, contextId, client } = await setup(app, "held");

    // First stream: cut by the client as soon as the first delta arrives (the model is paused).
    const cut = new AbortController();
    let taskId = "";
    let firstText = "";
    try {
      for await (const event of client.sendMessageStream(sendParams(textMessage(contextId, "q")), {
        signal: cut.signal,
      })) {
        if (event.payload?.$case === "task") taskId = event.payload.value.id;
        firstText += deltaText(event);
        if (firstText !== "") cut.abort();
      }
    } catch {
      // the abort ends the client's stream
    }
    expect(taskId).not.toBe("");
    expect(heldChunks.join("").startsWith(firstText)).toBe(true);

    // Resubscribe while the run is paused; once attached (the SDK sends the task first), let the
    // model go on. The resubscribed stream ends with the whole reply.
    const resubscribed: StreamResponse[] = [];
    for await (const event of client.resubscribeTask({ tenant: "", id: taskId })) {
      resubscribed.push(event);
      if (resubscribed.length === 1) release();
    }
    expect(resubscribed[0]?.payload?.$case).toBe("task");
    // Next comes what the reply said before the subscription (at least what the cut stream saw),
    // then the rest: together the whole reply, each piece once.
    expect(deltaText(resubscribed[1] as StreamResponse).startsWith(firstText)).toBe(true);
    expect(resubscribed.map(deltaText).join("")).toBe(heldChunks.join(""));
    expect(finalState(resubscribed)).toBe(TaskState.TASK_STATE_COMPLETED);
    const last = resubscribed.at(-1)?.payload;
    if (last?.$case !== "statusUpdate") throw new Error("expected a final status update");
    const finalText = (last.value.status?.message?.parts ?? [])
      .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
      .join("");
    expect(finalText).toBe(heldChunks.join(""));

    const stored = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
    expect(stored.status.state).toBe("completed");
    expect(stored.history.map((m) => m.role)).toEqual(["user", "agent"]);
    expect(stored.history[1]?.parts).toEqual([{ kind: "text", text: heldChunks.join("") }]);
    expect(stored.metadata).toMatchObject({
      model: "compatible:held",
      output_tokens: heldChunks.length,
    });
  });
});
