import { type Task, taskSchema } from "@a2a-chat/contracts";
import { ListTasksRequest, type Task as SdkTask, TaskState as SdkTaskState } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { tableArtifact, taskUser, textMessage } from "../test/tasks.js";
import { anonymousCaller } from "../test/turns.js";
import { artifactToSdk, messageToSdk, taskToSdk } from "./sdk-convert.js";
import { deltaMetadataKey, StoredTaskStore } from "./stored-task-store.js";

type App = ReturnType<typeof createTestApp>;

async function caller(app: App) {
  const user = await taskUser(app);
  const contextId = await user.createContext();
  return { user, contextId, context: anonymousCaller(user.owner.userId) };
}

type TaskUser = Awaited<ReturnType<typeof taskUser>>;

/** The task as the REST API serves it to its owner. */
async function storedTask(user: TaskUser, id: string): Promise<Task> {
  const res = await user.get(`/tasks/${id}`);
  if (res.status !== 200) throw new Error(`task ${id}: ${res.status}`);
  return taskSchema.parse(await res.json());
}

function withState(task: SdkTask, state: SdkTaskState): SdkTask {
  return { ...task, status: { state, message: undefined, timestamp: new Date().toISOString() } };
}

describe("StoredTaskStore.list", () => {
  it("answers the A2A ListTasks call with an empty page", async () => {
    const { createTestDatabase } = await import("../test/databases.js");
    const database = await createTestDatabase("sqlite");
    try {
      const app = createTestApp(database);
      const store = new StoredTaskStore(app.services, "assistant");
      const page = await store.list(
        ListTasksRequest.fromJSON({ pageSize: 10 }),
        anonymousCaller("u"),
      );
      expect(page).toEqual({ tasks: [], nextPageToken: "", pageSize: 10, totalSize: 0 });
    } finally {
      await database.destroy();
    }
  });
});

describeEachDialect("StoredTaskStore", (get) => {
  it("load() returns the caller's own tasks only", async () => {
    const app = createTestApp(get());
    const store = new StoredTaskStore(app.services, "assistant");
    const a = await caller(app);
    const b = await caller(app);
    const task = await a.user.task(a.contextId, "m-load-1", "hello there");

    const loaded = await store.load(task.id, a.context);
    expect(loaded).toEqual(taskToSdk(task));
    expect(loaded?.history[0]?.parts[0]?.content).toEqual({ $case: "text", value: "hello there" });

    expect(await store.load(task.id, b.context)).toBeUndefined();
    expect(await store.load("no-such-task", a.context)).toBeUndefined();
  });

  it("save() adds what our tables lack and skips deltas and non-terminal states", async () => {
    const app = createTestApp(get());
    const store = new StoredTaskStore(app.services, "assistant");
    const a = await caller(app);
    const task = await a.user.task(a.contextId, "m-save-1", "make a table");

    const answer = { ...textMessage("m-save-answer", "fruits"), contextId: a.contextId };
    const delta = {
      ...messageToSdk({ ...textMessage("m-save-delta", "partial", "agent") }),
      metadata: { [deltaMetadataKey]: true },
    };
    const unknownArtifact = {
      ...artifactToSdk(tableArtifact("art-save-1", a.contextId)),
      metadata: undefined,
    };
    const sdkView: SdkTask = {
      ...withState(taskToSdk(task), SdkTaskState.TASK_STATE_INPUT_REQUIRED),
      history: [...taskToSdk(task).history, messageToSdk(answer), delta],
      artifacts: [unknownArtifact],
    };
    await store.save(sdkView, a.context);
    // Saving the same view again changes nothing (idempotent).
    await store.save(sdkView, a.context);

    const after = await storedTask(a.user, task.id);
    expect(after.history.map((m) => m.messageId)).toEqual(["m-save-1", "m-save-answer"]);
    expect(after.history[1]).toMatchObject({
      role: "user",
      parts: [{ kind: "text", text: "fruits" }],
    });
    expect(after.artifacts.map((x) => x.artifactId)).toEqual(["art-save-1"]);
    expect(after.artifacts[0]?.metadata).toMatchObject({
      artifact_type: "json",
      context_id: a.contextId,
      task_id: task.id,
    });
    // The SDK's non-terminal state lags the executor: it is not applied.
    expect(after.status.state).toBe("submitted");

    // A terminal state the SDK reached on its own (a cancel with no executor running) is stored.
    await store.save(withState(sdkView, SdkTaskState.TASK_STATE_CANCELED), a.context);
    expect((await storedTask(a.user, task.id)).status.state).toBe("canceled");

    // A terminal task never changes again.
    const late = {
      ...withState(sdkView, SdkTaskState.TASK_STATE_COMPLETED),
      history: [...sdkView.history, messageToSdk(textMessage("m-save-late", "late"))],
    };
    await store.save(late, a.context);
    const final = await storedTask(a.user, task.id);
    expect(final.status.state).toBe("canceled");
    expect(final.history.map((m) => m.messageId)).not.toContain("m-save-late");
  });

  it("save() stores a task it has never seen, ending it when the SDK says it ended", async () => {
    const app = createTestApp(get());
    const store = new StoredTaskStore(app.services, "assistant");
    const a = await caller(app);
    const first = { ...textMessage("m-new-1", "hi"), contextId: a.contextId };
    const sdkTask: SdkTask = {
      id: "task-new-1",
      contextId: a.contextId,
      status: { state: SdkTaskState.TASK_STATE_FAILED, message: undefined, timestamp: "" },
      history: [messageToSdk(first), messageToSdk(textMessage("m-new-2", "oops", "agent"))],
      artifacts: [],
      metadata: undefined,
    };
    await store.save(sdkTask, a.context);
    const stored = await storedTask(a.user, "task-new-1");
    expect(stored.status.state).toBe("failed");
    expect(stored.metadata).toMatchObject({ agent_name: "assistant", task_type: "agent_message" });
    expect(stored.history.map((m) => [m.messageId, m.role])).toEqual([
      ["m-new-1", "user"],
      ["m-new-2", "agent"],
    ]);

    // Another user's save of the same id cannot touch it.
    const b = await caller(app);
    await expect(
      store.save(withState(sdkTask, SdkTaskState.TASK_STATE_COMPLETED), b.context),
    ).rejects.toThrow();
    expect((await storedTask(a.user, "task-new-1")).status.state).toBe("failed");
  });
});
