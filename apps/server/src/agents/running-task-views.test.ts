import { taskSchema } from "@a2a-chat/contracts";
import { type Task as SdkTask, TaskState } from "@a2a-js/sdk";
import { ServerCallContext } from "@a2a-js/sdk/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./providers/fake-openai-server.js";
import { copyOfTask, RunningTaskViews } from "./running-task-views.js";
import { StoredTaskStore } from "./stored-task-store.js";

function sdkTask(): SdkTask {
  return {
    id: "task-1",
    contextId: "ctx-1",
    status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: "t0" },
    history: [],
    artifacts: [
      {
        artifactId: "a1",
        name: "table",
        description: "",
        parts: [],
        metadata: undefined,
        extensions: [],
      },
    ],
    metadata: { model: "m" },
  };
}

describe("RunningTaskViews", () => {
  it("serves the kept view to the running request only, until something is stored", () => {
    const views = new RunningTaskViews();
    const own = new ServerCallContext();
    const other = new ServerCallContext();
    views.start("task-1", own);

    expect(views.get("task-1", own)).toBeUndefined();
    views.keep("task-1", own, sdkTask());
    views.keep("task-1", other, { ...sdkTask(), metadata: { model: "other" } });
    expect(views.get("task-1", own)).toEqual(sdkTask());
    expect(views.get("task-1", other)).toBeUndefined();

    views.changed("task-1");
    expect(views.get("task-1", own)).toBeUndefined();

    views.keep("task-1", own, sdkTask());
    views.end("task-1", other);
    expect(views.get("task-1", own)).toEqual(sdkTask());
  });

  it("serves what the executor stored, past its return until the SDK saved the run's last state", () => {
    const views = new RunningTaskViews();
    const own = new ServerCallContext();
    views.start("task-1", own);
    views.stored("task-1", sdkTask());
    expect(views.get("task-1", own)).toEqual(sdkTask());

    // The SDK still processes the run's last events after the executor returned.
    views.end("task-1", own);
    expect(views.get("task-1", own)).toEqual(sdkTask());
    views.settled("task-1", new ServerCallContext());
    expect(views.get("task-1", own)).toEqual(sdkTask());
    views.settled("task-1", own);
    expect(views.get("task-1", own)).toBeUndefined();

    // The SDK may save the last state before the executor returns.
    views.start("task-2", own);
    views.stored("task-2", sdkTask());
    views.settled("task-2", own);
    expect(views.get("task-2", own)).toEqual(sdkTask());
    views.end("task-2", own);
    expect(views.get("task-2", own)).toBeUndefined();

    // A run that ends with nothing kept leaves nothing behind.
    views.start("task-3", own);
    views.end("task-3", own);
    views.stored("task-3", sdkTask());
    expect(views.get("task-3", own)).toBeUndefined();
  });

  it("forgets the oldest ended runs whose last state the SDK never saved", () => {
    const views = new RunningTaskViews();
    const own = new ServerCallContext();
    for (let i = 0; i < 101; i++) {
      views.start(`task-${i}`, own);
      views.stored(`task-${i}`, sdkTask());
      views.end(`task-${i}`, own);
    }
    expect(views.get("task-0", own)).toBeUndefined();
    expect(views.get("task-1", own)).toEqual(sdkTask());
    expect(views.get("task-100", own)).toEqual(sdkTask());
  });

  it("takes a stored status in, with its message replaced where it stands or added last", () => {
    const views = new RunningTaskViews();
    const own = new ServerCallContext();
    const said = (messageId: string, text: string) =>
      ({ messageId, parts: [{ text }] }) as unknown as SdkTask["history"][number];
    const status = (message: SdkTask["history"][number], timestamp: string) => ({
      state: TaskState.TASK_STATE_WORKING,
      message,
      timestamp,
    });
    views.start("task-1", own);
    // No view kept yet: nothing to change, the next load reads the tables.
    views.statusStored("task-1", { status: status(said("m1", "a"), "t1"), metadata: {} });
    expect(views.get("task-1", own)).toBeUndefined();

    views.keep("task-1", own, { ...sdkTask(), history: [said("u", "hi"), said("m1", "a")] });
    views.statusStored(
      "task-1",
      { status: status(said("m1", "a, again"), "t2"), metadata: { model: "n" } },
      said("m1", "a, again"),
    );
    views.statusStored(
      "task-1",
      { status: status(said("m2", "b"), "t3"), metadata: { model: "n" } },
      said("m2", "b"),
    );
    const view = views.get("task-1", own);
    expect(view?.history).toEqual([said("u", "hi"), said("m1", "a, again"), said("m2", "b")]);
    expect(view?.status).toEqual(status(said("m2", "b"), "t3"));
    expect(view?.metadata).toEqual({ model: "n" });
    expect(view?.artifacts).toEqual(sdkTask().artifacts);
  });

  it("hands out copies the SDK's changes do not reach", () => {
    const views = new RunningTaskViews();
    const own = new ServerCallContext();
    views.start("task-1", own);
    views.keep("task-1", own, sdkTask());

    // What the SDK's ResultManager does to a loaded task.
    const loaded = views.get("task-1", own);
    if (!loaded?.status || !loaded.metadata) throw new Error("expected a task");
    loaded.status.state = TaskState.TASK_STATE_COMPLETED;
    loaded.history.push(...sdkTask().history, {} as SdkTask["history"][number]);
    loaded.metadata.model = "changed";
    loaded.artifacts.push({ ...(sdkTask().artifacts[0] as SdkTask["artifacts"][number]) });
    const artifact = loaded.artifacts[0];
    if (artifact) artifact.name = "renamed";

    expect(views.get("task-1", own)).toEqual(sdkTask());
    expect(copyOfTask(sdkTask())).toEqual(sdkTask());
  });
});

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(() => ({ kind: "endless-text", intervalMs: 1 }));
});
afterAll(async () => {
  await fake.close();
});

describeEachDialect("a streamed reply", (get) => {
  it("does not read the task from the tables for each delta", async () => {
    const app = createTestApp(get(), {
      config: {
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        agents: [
          {
            name: "talker",
            description: "Talks until stopped",
            systemPrompt: "Talk.",
            model: "compatible:endless",
            default: true,
          },
        ],
      },
    });
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, user.session.access_token), "talker");
    const reads = vi.spyOn(
      StoredTaskStore.prototype as unknown as { stored: () => unknown },
      "stored",
    );
    try {
      let deltas = 0;
      let taskId = "";
      const stream = client.sendMessageStream(sendParams(textMessage(contextId, "go")));
      for await (const event of stream) {
        if (event.payload?.$case === "task") taskId = event.payload.value.id;
        if (event.payload?.$case !== "statusUpdate") continue;
        const message = event.payload.value.status?.message;
        if (message?.metadata?.a2a_chat_delta !== true) continue;
        deltas += 1;
        if (deltas === 40) await client.cancelTask({ tenant: "", id: taskId, metadata: undefined });
      }
      expect(deltas).toBeGreaterThanOrEqual(40);
      // The task event, the cancel and the end read the tables; the deltas do not.
      expect(reads.mock.calls.length).toBeLessThan(15);
    } finally {
      reads.mockRestore();
    }
  });
});

describeEachDialect("a streamed reply's deltas", (get) => {
  it("go past the SDK's result manager: the task store neither loads nor saves for them", async () => {
    const app = createTestApp(get(), {
      config: {
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        agents: [
          {
            name: "talker",
            description: "Talks until stopped",
            systemPrompt: "Talk.",
            model: "compatible:endless",
            default: true,
          },
        ],
      },
    });
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, user.session.access_token), "talker");
    const loads = vi.spyOn(StoredTaskStore.prototype, "load");
    const saves = vi.spyOn(StoredTaskStore.prototype, "save");
    try {
      let deltas = 0;
      let taskId = "";
      let text = "";
      let state: TaskState | undefined;
      const stream = client.sendMessageStream(sendParams(textMessage(contextId, "go")));
      for await (const event of stream) {
        if (event.payload?.$case === "task") taskId = event.payload.value.id;
        if (event.payload?.$case !== "statusUpdate") continue;
        const message = event.payload.value.status?.message;
        state = event.payload.value.status?.state;
        if (message?.metadata?.a2a_chat_delta !== true) continue;
        deltas += 1;
        const part = message.parts[0]?.content;
        text += part?.$case === "text" ? part.value : "";
        if (deltas === 40) await client.cancelTask({ tenant: "", id: taskId, metadata: undefined });
      }
      expect(deltas).toBeGreaterThanOrEqual(40);
      expect(state).toBe(TaskState.TASK_STATE_CANCELED);
      // The task event, the cancel and the end go through the store; the deltas do not (before:
      // a load and a save for each).
      expect(loads.mock.calls.length).toBeLessThan(10);
      expect(saves.mock.calls.length).toBeLessThan(10);
      // The text streamed is the reply stored.
      const stored = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
      expect(stored.history.map((m) => m.role)).toEqual(["user", "agent"]);
      expect(stored.history[1]?.parts).toEqual([{ kind: "text", text }]);
    } finally {
      loads.mockRestore();
      saves.mockRestore();
    }
  });
});

describeEachDialect("a planner reply's status events", (get) => {
  it("never read the task from the tables: the executor hands over what it stored", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, user.session.access_token), "assistant");
    const reads = vi.spyOn(
      StoredTaskStore.prototype as unknown as { stored: () => unknown },
      "stored",
    );
    try {
      let state: unknown;
      for await (const event of client.sendMessageStream(
        sendParams(textMessage(contextId, "hello")),
      )) {
        if (event.payload?.$case === "statusUpdate") state = event.payload.value.status?.state;
      }
      expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
      // Every load is served the task as the executor stored it, and no save adds anything to
      // it, the end's included (before: five reads, then four).
      expect(reads.mock.calls.length).toBe(0);
    } finally {
      reads.mockRestore();
    }
    // The reply and its end are stored all the same.
    const { kysely } = app.services.db;
    const tasks = await kysely
      .selectFrom("tasks")
      .select(["id", "state"])
      .where("context_id", "=", contextId)
      .execute();
    expect(tasks.map((t) => t.state)).toEqual(["completed"]);
    const messages = await kysely
      .selectFrom("messages")
      .select("role")
      .where("task_id", "=", tasks[0]?.id ?? "")
      .orderBy("created_at")
      .execute();
    expect(messages.map((m) => m.role)).toEqual(["user", "agent"]);
  });
});
