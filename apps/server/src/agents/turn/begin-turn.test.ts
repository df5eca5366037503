import { taskSchema } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { turnFixture } from "../../test/turns.js";
import { taskToSdk } from "../sdk-convert.js";
import { beginTurn } from "./begin-turn.js";
import { endTurn } from "./end-turn.js";
import { agentMessage } from "./turn.js";

describeEachDialect("a turn's beginning", (get) => {
  it("stores a new message as a working task claimed by this process and publishes it once", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hello"));
    expect(events.map((e) => e.kind)).toEqual(["task"]);
    const published = events[0];
    expect(published?.kind === "task" && published.data.status?.state).toBe(
      TaskState.TASK_STATE_WORKING,
    );
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("working");
    expect(task.history.map((m) => [m.role, m.parts])).toEqual([
      ["user", [{ kind: "text", text: "hello" }]],
    ]);
    expect(task.metadata?.agent_display_name).toBe(deps.agent.displayName ?? deps.agent.name);
    const row = await app.services.db.kysely
      .selectFrom("tasks")
      .select(["runner"])
      .where("id", "=", turn.taskId)
      .executeTakeFirstOrThrow();
    expect(row.runner).toBe(app.services.runs.lease().runner);
  });

  it("resumes a task that waited for the user with their answer, working again", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    const storedSdkTask = async () =>
      taskToSdk(taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json()));
    await beginTurn(deps, turn, request("book a table"));
    await endTurn(deps, turn, "input-required", agentMessage(turn, "ask-1", "For how many?"));
    const waiting = events.at(-1);
    expect(waiting?.kind === "statusUpdate" && waiting.data.status?.state).toBe(
      TaskState.TASK_STATE_INPUT_REQUIRED,
    );
    events.length = 0;
    await beginTurn(deps, turn, request("four", await storedSdkTask()));
    expect(events.map((e) => e.kind)).toEqual(["task"]);
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("working");
    expect(task.history.map((m) => m.parts[0])).toEqual([
      { kind: "text", text: "book a table" },
      { kind: "text", text: "For how many?" },
      { kind: "text", text: "four" },
    ]);
  });

  it("refuses to resume a task that has ended: it keeps its end, and the answer is kept in its history", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hello"));
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "Hi!"));
    const ended = taskToSdk(
      taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json()),
    );
    events.length = 0;
    await expect(beginTurn(deps, turn, request("again", ended))).rejects.toThrow(
      "Task has already ended",
    );
    expect(events).toEqual([]);
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("completed");
    expect(task.history.map((m) => m.parts[0])).toEqual([
      { kind: "text", text: "hello" },
      { kind: "text", text: "Hi!" },
      { kind: "text", text: "again" },
    ]);
  });
});
