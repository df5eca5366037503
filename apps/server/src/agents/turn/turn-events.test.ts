import { taskSchema } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { turnFixture } from "../../test/turns.js";
import { beginTurn } from "./begin-turn.js";
import { ReplyText } from "./reply-text.js";
import { handleRunnerEvent, TurnProgress } from "./turn-events.js";

const noCut = (reason: string) => {
  throw new Error(`cut unexpectedly: ${reason}`);
};

function quietReply(limitBytes = 0): ReplyText {
  return new ReplyText({ limitBytes, intervalMs: 0, publish: () => undefined });
}

describeEachDialect("a turn's runner events", (get) => {
  it("records a tool call and its result in the task, and stores the result as an artifact", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("regions?"));
    events.length = 0;
    const context = { reply: quietReply(), progress: new TurnProgress("m"), tools: [], cut: noCut };
    const call = {
      kind: "tool-call",
      id: "c1",
      name: "list_regions",
      args: { all: true },
    } as const;
    expect(await handleRunnerEvent(deps, turn, call, context)).toBe(false);
    const result = {
      kind: "tool-result",
      id: "c1",
      name: "list_regions",
      result: { isError: false, text: "eu, us", data: { regions: ["eu", "us"] } },
    } as const;
    expect(await handleRunnerEvent(deps, turn, result, context)).toBe(false);
    expect(events.map((e) => e.kind)).toEqual(["statusUpdate", "statusUpdate", "artifactUpdate"]);
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("working");
    expect(task.metadata?.tool_calls).toMatchObject([
      {
        id: "c1",
        name: "list_regions",
        arguments: { all: true },
        result: { content: "eu, us", is_error: false },
      },
    ]);
    expect(task.artifacts).toHaveLength(1);
    expect(task.artifacts?.[0]?.parts).toEqual([{ kind: "data", data: { regions: ["eu", "us"] } }]);
    expect(task.artifacts?.[0]?.metadata).toMatchObject({
      tool_name: "list_regions",
      tool_execution_id: "c1",
      source: "mcp_tool",
    });
  });

  it("notes the model's usage at its finish, storing nothing", async () => {
    const app = createTestApp(get());
    const { deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("hi"));
    events.length = 0;
    const progress = new TurnProgress("m");
    const finish = {
      kind: "finish",
      reason: "stop",
      model: "m-2",
      inputTokens: 5,
      outputTokens: 7,
    } as const;
    await handleRunnerEvent(deps, turn, finish, {
      reply: quietReply(),
      progress,
      tools: [],
      cut: noCut,
    });
    expect(progress.usage).toEqual({ model: "m-2", input_tokens: 5, output_tokens: 7 });
    expect(events).toEqual([]);
  });

  it("leaves the task waiting for the user with the reply so far, or else the question", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("book"));
    const reply = quietReply();
    const ask = { kind: "input-required", question: "For how many?" } as const;
    const context = { reply, progress: new TurnProgress("m"), tools: [], cut: noCut };
    expect(await handleRunnerEvent(deps, turn, ask, context)).toBe(true);
    const waiting = events.at(-1);
    expect(waiting?.kind === "statusUpdate" && waiting.data.status?.state).toBe(
      TaskState.TASK_STATE_INPUT_REQUIRED,
    );
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.status.state).toBe("input-required");
    expect(task.history.at(-1)).toMatchObject({
      messageId: reply.messageId,
      parts: [{ kind: "text", text: "For how many?" }],
    });
  });

  it("stores an added agent's whole messages: a new id appended, the same id replaced, none joined", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, events, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("go"));
    events.length = 0;
    const progress = new TurnProgress("m");
    const context = { reply: quietReply(), progress, tools: [], cut: noCut };
    for (const [messageId, text] of [
      ["a", "ha "],
      ["b", "ha "],
      ["c", "ha "],
      ["b", "ho "],
    ] as const) {
      await handleRunnerEvent(deps, turn, { kind: "message", messageId, text }, context);
    }
    expect(events.map((e) => e.kind)).toEqual(Array(4).fill("statusUpdate"));
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.history.map((m) => [m.messageId, m.parts[0]])).toEqual([
      [expect.any(String), { kind: "text", text: "go" }],
      ["a", { kind: "text", text: "ha " }],
      ["b", { kind: "text", text: "ho " }],
      ["c", { kind: "text", text: "ha " }],
    ]);
    expect(task.status.message?.messageId).toBe("b");
    expect(progress.said?.messageId).toBe("b");
  });

  it("counts whole messages against the reply limit and cuts the turn past it", async () => {
    const app = createTestApp(get());
    const { user, deps, turn, request } = await turnFixture(app);
    await beginTurn(deps, turn, request("go"));
    const reasons: string[] = [];
    const context = {
      reply: quietReply(6),
      progress: new TurnProgress("m"),
      tools: [],
      cut: (reason: string) => reasons.push(reason),
    };
    await handleRunnerEvent(deps, turn, { kind: "message", messageId: "a", text: "abcd" }, context);
    expect(reasons).toEqual([]);
    await handleRunnerEvent(deps, turn, { kind: "message", messageId: "b", text: "efgh" }, context);
    expect(reasons).toEqual([
      "The agent's reply was stopped: it passed the 6 B limit for one reply.",
    ]);
    const task = taskSchema.parse(await (await user.get(`/tasks/${turn.taskId}`)).json());
    expect(task.history.slice(1).map((m) => m.parts[0])).toEqual([
      { kind: "text", text: "abcd" },
      { kind: "text", text: "ef" },
    ]);
  });
});
