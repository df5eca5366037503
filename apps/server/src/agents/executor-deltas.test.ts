import { taskSchema } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import {
  type AgentExecutionEvent,
  DefaultExecutionEventBus,
  RequestContext,
} from "@a2a-js/sdk/server";
import { expect, it } from "vitest";
import {
  type ConnectionWait,
  connectionWaitNow,
  withConnectionWait,
} from "../db/connection-wait.js";
import { sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";
import { anonymousCaller } from "../test/turns.js";
import { ChatAgentExecutor } from "./agent-executor.js";
import type { ModelRunner, RunnerEvent, RunnerInput } from "./model-runner.js";
import { deltaMetadataKey } from "./stored-task-store.js";

/**
 * The executor's pacing of streamed text, seen on its event bus: the first delta goes out at
 * once, the deltas after it join the pending text, and the pending text goes out before
 * anything else the executor publishes (an artifact, the final state, a cancel, a failure).
 * The interval is an hour, so only those flushes publish the joined text: nothing here depends
 * on timing.
 */

type App = ReturnType<typeof createTestApp>;
const hour = 3_600_000;

/** A runner playing a script; a script step may wait for the turn's abort. */
function scripted(steps: (input: RunnerInput) => AsyncIterable<RunnerEvent>): ModelRunner {
  return { model: "scripted", usesTools: false, run: steps };
}

/** What a published event says, in short: "delta:<text>", "<state>:<text>", "artifact", "task:<state>". */
function summary(event: AgentExecutionEvent): string {
  if (event.kind === "task") return `task:${TaskState[event.data.status?.state ?? 0]}`;
  if (event.kind === "artifactUpdate") return `artifact:${event.data.artifact?.name}`;
  if (event.kind !== "statusUpdate") return event.kind;
  const message = event.data.status?.message;
  const text = (message?.parts ?? [])
    .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
    .join("");
  if (message?.metadata?.[deltaMetadataKey] === true) return `delta:${text}`;
  return `${TaskState[event.data.status?.state ?? 0]}:${text}`;
}

/** `interval` null: the executor's default, the runner's own deltaIntervalMs (none: unpaced). */
async function turn(app: App, runner: ModelRunner, interval: number | null = hour) {
  const user = await taskUser(app);
  const contextId = await user.createContext();
  const agent = app.services.config.agents[0];
  if (!agent) throw new Error("no agent configured");
  const executor = new ChatAgentExecutor(
    app.services,
    agent,
    runner,
    undefined,
    interval ?? undefined,
  );
  const context = anonymousCaller(user.owner.userId);
  const taskId = `task-${Math.random().toString(36).slice(2)}`;
  const request = new RequestContext(
    sendParams(textMessage(contextId, "hi")),
    taskId,
    contextId,
    context,
  );
  const bus = new DefaultExecutionEventBus();
  const events: string[] = [];
  bus.on("event", (event) => events.push(summary(event)));
  const stored = async () => taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
  return { executor, request, bus, events, taskId, stored };
}

describeEachDialect("a turn's waits for database connections", (get, dialect) => {
  it("last as long as its reply may, whether or not the request that began it is still open", async () => {
    const app = createTestApp(get());
    let seen: ConnectionWait | undefined;
    const { executor, request, bus } = await turn(
      app,
      scripted(async function* () {
        seen = connectionWaitNow();
        yield { kind: "finish", reason: "stop", model: "scripted" };
      }),
    );
    const client = new AbortController();
    await withConnectionWait({ waitMs: 120_000, signal: () => client.signal }, () =>
      executor.execute(request, bus),
    );
    // SQLite has no pool to wait for: a turn adds no bound of its own (the caller's stays).
    if (dialect === "sqlite") expect(seen?.waitMs).toBe(120_000);
    else expect(seen).toEqual({ waitMs: app.services.config.quotas.replySeconds * 1000 });
  });
});

describeEachDialect("the executor's paced text", (get) => {
  it("joins the deltas after the first and flushes them before an artifact and the end", async () => {
    const app = createTestApp(get());
    const { executor, request, bus, events, stored } = await turn(
      app,
      scripted(async function* () {
        yield { kind: "text-delta", text: "The " };
        yield { kind: "text-delta", text: "answer " };
        yield { kind: "text-delta", text: "is " };
        yield { kind: "artifact", artifact: { name: "T", artifactType: "json", data: { a: 1 } } };
        yield { kind: "text-delta", text: "forty" };
        yield { kind: "text-delta", text: "-two." };
        yield { kind: "finish", reason: "stop", model: "scripted" };
      }),
    );
    await executor.execute(request, bus);
    expect(events).toEqual([
      // The task goes out once, already working.
      "task:TASK_STATE_WORKING",
      "delta:The ",
      "delta:answer is ",
      "artifact:T",
      "delta:forty-two.",
      "TASK_STATE_COMPLETED:The answer is forty-two.",
    ]);
    const task = await stored();
    expect(task.status.state).toBe("completed");
    expect(task.history.at(-1)?.parts).toEqual([
      { kind: "text", text: "The answer is forty-two." },
    ]);
  });

  it("publishes each delta at once for a runner that sets no interval (a model's stream)", async () => {
    const app = createTestApp(get());
    const { executor, request, bus, events } = await turn(
      app,
      scripted(async function* () {
        yield { kind: "text-delta", text: "The " };
        yield { kind: "text-delta", text: "answer " };
        yield { kind: "text-delta", text: "is " };
        yield { kind: "finish", reason: "stop", model: "scripted" };
      }),
      null,
    );
    await executor.execute(request, bus);
    expect(events).toEqual([
      "task:TASK_STATE_WORKING",
      "delta:The ",
      "delta:answer ",
      "delta:is ",
      "TASK_STATE_COMPLETED:The answer is ",
    ]);
  });

  it("joins a runner's deltas within the interval it sets (the planner's)", async () => {
    const app = createTestApp(get());
    const runner = scripted(async function* () {
      yield { kind: "text-delta", text: "The " };
      yield { kind: "text-delta", text: "answer " };
      yield { kind: "text-delta", text: "is " };
      yield { kind: "finish", reason: "stop", model: "scripted" };
    });
    const { executor, request, bus, events } = await turn(
      app,
      { ...runner, deltaIntervalMs: hour },
      null,
    );
    await executor.execute(request, bus);
    expect(events).toEqual([
      "task:TASK_STATE_WORKING",
      "delta:The ",
      "delta:answer is ",
      "TASK_STATE_COMPLETED:The answer is ",
    ]);
  });

  it("flushes the pending text before the canceled state", async () => {
    const app = createTestApp(get());
    let waiting: () => void = () => {};
    const reached = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const { executor, request, bus, events, taskId, stored } = await turn(
      app,
      scripted(async function* ({ signal }) {
        yield { kind: "text-delta", text: "Half " };
        yield { kind: "text-delta", text: "an " };
        yield { kind: "text-delta", text: "answer" };
        waiting();
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
      }),
    );
    const running = executor.execute(request, bus);
    await reached;
    // Published so far: the first delta only; the rest waits for the interval.
    expect(events.at(-1)).toBe("delta:Half ");
    await executor.cancelTask(taskId, bus);
    await running;
    expect(events.slice(1)).toEqual([
      "delta:Half ",
      "delta:an answer",
      "TASK_STATE_CANCELED:Half an answer",
    ]);
    expect((await stored()).status.state).toBe("canceled");
  });

  it("flushes the pending text before a failure, which keeps it", async () => {
    const app = createTestApp(get());
    const { executor, request, bus, events, stored } = await turn(
      app,
      scripted(async function* () {
        yield { kind: "text-delta", text: "So " };
        yield { kind: "text-delta", text: "far" };
        throw new Error("the model broke");
      }),
    );
    await executor.execute(request, bus);
    expect(events.slice(1)).toEqual([
      "delta:So ",
      "delta:far",
      "TASK_STATE_FAILED:So far\n\nAgent execution error: the model broke",
    ]);
    const task = await stored();
    expect(task.status.state).toBe("failed");
    expect(task.history.at(-1)?.parts[0]).toEqual({ kind: "text", text: "So far" });
  });

  it("stops reading a runner that never ends once the reply passes its limit, keeping the text up to it", async () => {
    const app = createTestApp(get(), { config: { quotas: { replyBytes: 10 } } });
    let pulled = 0;
    const { executor, request, bus, events, taskId, stored } = await turn(
      app,
      // Deaf to the abort: only the executor's stopping ends it (or, without a limit, the
      // thousandth piece, so that a missing stop fails here instead of spinning).
      scripted(async function* () {
        while (pulled < 1000) {
          pulled += 1;
          yield { kind: "text-delta", text: "abcd" };
        }
        yield { kind: "finish", reason: "stop", model: "scripted" };
      }),
    );
    await executor.execute(request, bus);
    // Two pieces fit, the third passes the limit (cut to "ab"), one more is pulled and dropped.
    expect(pulled).toBe(4);
    const reason = "The agent's reply was stopped: it passed the 10 B limit for one reply.";
    expect(events.slice(1)).toEqual([
      "delta:abcd",
      "delta:abcdab",
      `TASK_STATE_FAILED:abcdabcdab\n\n${reason}`,
    ]);
    const task = await stored();
    expect(task.status.state).toBe("failed");
    expect(task.history.at(-1)?.parts).toEqual([
      { kind: "text", text: "abcdabcdab" },
      { kind: "text", text: `\n\n${reason}` },
    ]);
    expect(executor.replies.current(taskId)).toBeUndefined();
  });

  it("keeps the record for subscribers in step with what was published", async () => {
    const app = createTestApp(get());
    let waiting: () => void = () => {};
    const reached = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    let go: () => void = () => {};
    const resume = new Promise<void>((resolve) => {
      go = resolve;
    });
    const { executor, request, bus, events, taskId } = await turn(
      app,
      scripted(async function* () {
        yield { kind: "text-delta", text: "One " };
        yield { kind: "text-delta", text: "two" };
        waiting();
        await resume;
        yield { kind: "finish", reason: "stop", model: "scripted" };
      }),
    );
    const running = executor.execute(request, bus);
    await reached;
    // A subscriber now is sent what was published ("One "); "two" reaches it as a delta later.
    expect(executor.replies.current(taskId)?.text).toBe("One ");
    go();
    await running;
    expect(events.slice(1)).toEqual(["delta:One ", "delta:two", "TASK_STATE_COMPLETED:One two"]);
  });
});
