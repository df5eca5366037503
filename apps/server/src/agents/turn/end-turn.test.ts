import { taskSchema } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { turnFixture } from "../../test/turns.js";
import { beginTurn } from "./begin-turn.js";
import { endTurn, failTurn } from "./end-turn.js";
import { agentMessage } from "./turn.js";

describeEachDialect("a turn's end", (get) => {
  it("stores the reply with the final state and its metadata, then publishes the state", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hello"));
    events.length = 0;
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "Hi there"), {
      model: "silent",
      output_tokens: 3,
    });
    expect(events).toHaveLength(1);
    const published = events[0];
    expect(published?.kind === "statusUpdate" && published.data.status?.state).toBe(
      TaskState.TASK_STATE_COMPLETED,
    );
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("completed");
    expect(task.history.at(-1)).toMatchObject({
      messageId: "r-1",
      parts: [{ kind: "text", text: "Hi there" }],
    });
    expect(task.metadata).toMatchObject({ model: "silent", output_tokens: 3 });
  });

  it("leaves an empty reply out of the history", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hello"));
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "  "));
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("completed");
    expect(task.history.map((m) => m.role)).toEqual(["user"]);
  });

  it("keeps the end stored first when the task has already ended, publishing nothing", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hello"));
    await endTurn(deps, turn, "canceled", agentMessage(turn, "c-1", "Task canceled."));
    events.length = 0;
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "late"));
    expect(events).toEqual([]);
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("canceled");
  });

  it("fails a turn that threw, keeping the text streamed before the error and naming it", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hello"));
    deps.replies.add(turn.taskId, { contextId: turn.contextId, messageId: "r-1", text: "So far" });
    await failTurn(deps, turn, new Error("the model broke"));
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("failed");
    expect(task.history.at(-1)).toMatchObject({
      messageId: "r-1",
      parts: [
        { kind: "text", text: "So far" },
        { kind: "text", text: "\n\nAgent execution error: the model broke" },
      ],
    });
  });

  it("lets the error go on for a task that has already ended", async () => {
    const app = createTestApp(get());
    const { deps, turn, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hello"));
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "Done"));
    const error = new Error("too late");
    await expect(failTurn(deps, turn, error)).rejects.toBe(error);
  });
});
