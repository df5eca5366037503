import {
  branchCutNeedsExactMessage,
  contextRecordSchema,
  taskSchema,
  unknownBranchMessageMessage,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { appendMessage } from "../../tasks/message-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser, textMessage } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

const put = (app: App, u: User, contextId: string, body: unknown) =>
  app.request(`/api/v1/core/contexts/${contextId}/branch`, {
    method: "PUT",
    headers: { ...u.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const tasksOf = async (u: User, contextId: string) =>
  taskSchema.array().parse(await (await u.get(`/contexts/${contextId}/tasks?limit=100`)).json());

describeEachDialect("branches that fork inside a task", (get) => {
  /** A task with two turns of the user: a question back (input-required) and its answer. */
  const twoTurnTask = async (app: App, u: User, contextId: string) => {
    const task = await u.task(contextId, "q1", "what is my name?");
    const add = (id: string, text: string, role: "user" | "agent") =>
      appendMessage(app.services, u.owner, {
        contextId,
        taskId: task.id,
        message: textMessage(id, text, role),
      });
    await add("a1", "Tell me your name first", "agent");
    await add("q2", "Alice", "user");
    await add("a2", "Hello Alice", "agent");
    return task;
  };

  it("stops inside a task before a later message; the next task forks there and both stay", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext();
    const task = await twoTurnTask(app, u, c);
    const stop = await put(app, u, c, { task_id: task.id, exact: true, before_message_id: "q2" });
    expect(stop.status).toBe(200);
    expect(contextRecordSchema.parse(await stop.json())).toMatchObject({
      leaf_task_id: task.id,
      leaf_cut_message_id: "q2",
    });
    const edited = await u.task(c, "q2b", "Bob");
    expect(edited.metadata).toMatchObject({ parent_task_id: task.id, branch_message_id: "q2" });
    const after = contextRecordSchema.parse(await (await u.get(`/contexts/${c}`)).json());
    expect(after).toMatchObject({ leaf_task_id: edited.id, leaf_cut_message_id: null });
    // The original keeps all its messages.
    const original = (await tasksOf(u, c)).find((t) => t.id === task.id);
    expect(original?.history.map((m) => m.messageId)).toEqual(["q1", "a1", "q2", "a2"]);
    // Back to the original at q2: the branch through the task whole leaves the fork out.
    const whole = await put(app, u, c, { task_id: task.id, whole: true });
    expect(contextRecordSchema.parse(await whole.json()).leaf_task_id).toBe(task.id);
    // Through the task without `whole`, the newest task under it is the fork.
    const through = await put(app, u, c, { task_id: task.id });
    expect(contextRecordSchema.parse(await through.json()).leaf_task_id).toBe(edited.id);
    // A plain next message after the fork follows it and stops nothing.
    const next = await u.task(c, "q3", "and then?");
    expect(next.metadata).toMatchObject({ parent_task_id: edited.id, branch_message_id: null });
  });

  it("refuses a stop at a message of another task, or without exact, with the exact message", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext();
    const task = await twoTurnTask(app, u, c);
    const other = await u.task(c, "x1", "another");
    const check = async (body: unknown, message: string) => {
      const res = await put(app, u, c, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    };
    await check(
      { task_id: task.id, exact: true, before_message_id: "x1" },
      unknownBranchMessageMessage,
    );
    await check(
      { task_id: other.id, exact: true, before_message_id: "nope" },
      unknownBranchMessageMessage,
    );
    await check({ task_id: task.id, before_message_id: "q2" }, branchCutNeedsExactMessage);
    await check(
      { task_id: null, exact: true, before_message_id: "q2" },
      branchCutNeedsExactMessage,
    );
    // Another user cannot stop the conversation anywhere.
    const b = await taskUser(app);
    const res = await put(app, b, c, { task_id: task.id, exact: true, before_message_id: "q2" });
    expect(res.status).toBe(404);
  });

  it("forks a branch that forks inside a task into a conversation of one line, as it showed", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext("Names");
    const task = await twoTurnTask(app, u, c);
    await put(app, u, c, { task_id: task.id, exact: true, before_message_id: "q2" });
    const edited = await u.task(c, "q2b", "Bob");
    const res = await app.request(`/api/v1/core/contexts/${c}/fork`, {
      method: "POST",
      headers: { ...u.headers, "content-type": "application/json" },
      body: JSON.stringify({ task_id: edited.id }),
    });
    expect(res.status).toBe(201);
    const fork = contextRecordSchema.parse(await res.json());
    const copied = (await tasksOf(u, fork.context_id)).sort((a, b) =>
      a.metadata.created_at.localeCompare(b.metadata.created_at),
    );
    expect(copied.map((t) => t.history.map((m) => m.parts[0]))).toEqual([
      [
        { kind: "text", text: "what is my name?" },
        { kind: "text", text: "Tell me your name first" },
      ],
      [{ kind: "text", text: "Bob" }],
    ]);
    expect(copied[1]?.metadata).toMatchObject({
      parent_task_id: copied[0]?.id,
      branch_message_id: null,
    });
    expect(fork.message_count).toBe(3);
  });
});
