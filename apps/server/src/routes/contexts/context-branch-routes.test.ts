import { contextRecordSchema, taskSchema, unknownBranchTaskMessage } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

const send = (app: App, u: User, method: string, path: string, body: unknown) =>
  app.request(`/api/v1/core/contexts${path}`, {
    method,
    headers: { ...u.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const tasksOf = async (u: User, contextId: string) =>
  taskSchema
    .array()
    .parse(await (await u.get(`/contexts/${contextId}/tasks?limit=100`)).json())
    .sort((a, b) => a.metadata.created_at.localeCompare(b.metadata.created_at));

const leafOf = async (u: User, contextId: string) =>
  contextRecordSchema.parse(await (await u.get(`/contexts/${contextId}`)).json()).leaf_task_id;

describeEachDialect("branches of a conversation", (get) => {
  it("links each task to the one before it and moves the leaf to the newest", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext();
    expect(await leafOf(u, c)).toBeNull();
    const one = await u.task(c, "m-1", "one");
    const two = await u.task(c, "m-2", "two");
    const tasks = await tasksOf(u, c);
    expect(tasks.map((t) => [t.id, t.metadata.parent_task_id])).toEqual([
      [one.id, null],
      [two.id, one.id],
    ]);
    expect(await leafOf(u, c)).toBe(two.id);
  });

  it("branches from an exact task, keeps both branches, and switches between them", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext();
    const one = await u.task(c, "m-1", "one");
    const two = await u.task(c, "m-2", "two");
    const three = await u.task(c, "m-3", "three");
    // Edit "two": the conversation stops at "one", and the edited message follows it.
    const stop = await send(app, u, "PUT", `/${c}/branch`, { task_id: one.id, exact: true });
    expect(stop.status).toBe(200);
    expect(contextRecordSchema.parse(await stop.json()).leaf_task_id).toBe(one.id);
    const edited = await u.task(c, "m-2b", "two, edited");
    expect(edited.metadata.parent_task_id).toBe(one.id);
    expect(await leafOf(u, c)).toBe(edited.id);
    // Back to the first branch through "two": it ends at the newest task after it, "three".
    const back = await send(app, u, "PUT", `/${c}/branch`, { task_id: two.id });
    expect(contextRecordSchema.parse(await back.json()).leaf_task_id).toBe(three.id);
    // Nothing was lost: all four tasks are still there.
    expect((await tasksOf(u, c)).map((t) => t.id).sort()).toEqual(
      [one.id, two.id, three.id, edited.id].sort(),
    );
    // Before the first task: the next message starts a second root.
    const root = await send(app, u, "PUT", `/${c}/branch`, { task_id: null, exact: true });
    expect(contextRecordSchema.parse(await root.json()).leaf_task_id).toBeNull();
    const other = await u.task(c, "m-4", "another start");
    expect(other.metadata.parent_task_id).toBeNull();
  });

  it("streams the chosen branch to the owner's other connections", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext();
    const one = await u.task(c, "m-1");
    await u.task(c, "m-2");
    const stream = await u.openStream();
    await send(app, u, "PUT", `/${c}/branch`, { task_id: one.id, exact: true });
    let event = await stream.next();
    while (event.event !== "context_updated") event = await stream.next();
    expect(contextRecordSchema.parse(event.envelope.data).leaf_task_id).toBe(one.id);
    await stream.close();
  });

  it("refuses bad bodies and tasks of other conversations with the exact message", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext();
    const d = await u.createContext("Other");
    const elsewhere = await u.task(d, "m-9");
    const check = async (body: unknown, message: string) => {
      const res = await send(app, u, "PUT", `/${c}/branch`, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    };
    await check({}, "task_id is required");
    await check({ task_id: 5 }, "task_id must be a string or null");
    await check({ task_id: elsewhere.id }, unknownBranchTaskMessage);
    await check({ task_id: "nope", exact: true }, unknownBranchTaskMessage);
    const fork = await send(app, u, "POST", `/${c}/fork`, { task_id: elsewhere.id });
    expect(fork.status).toBe(400);
    expect(JSON.stringify(await fork.json())).toContain(unknownBranchTaskMessage);
  });

  it("forks the branch up to a task into a new conversation, leaving the source as it was", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const c = await u.createContext("Trip");
    const one = await u.task(c, "m-1", "one");
    const two = await u.task(c, "m-2", "two");
    await u.task(c, "m-3", "three");
    const res = await send(app, u, "POST", `/${c}/fork`, { task_id: two.id });
    expect(res.status).toBe(201);
    const fork = contextRecordSchema.parse(await res.json());
    expect(fork.name).toBe("Trip (fork)");
    expect(fork.task_count).toBe(2);
    expect(fork.message_count).toBe(2);
    const copied = await tasksOf(u, fork.context_id);
    expect(copied.map((t) => t.history.map((m) => m.parts))).toEqual([
      [[{ kind: "text", text: "one" }]],
      [[{ kind: "text", text: "two" }]],
    ]);
    expect(copied.every((t) => t.id !== one.id && t.id !== two.id)).toBe(true);
    expect(copied[1]?.metadata.parent_task_id).toBe(copied[0]?.id);
    expect(fork.leaf_task_id).toBe(copied[1]?.id);
    expect((await tasksOf(u, c)).length).toBe(3);
  });

  it("lets no other user choose, fork or learn of a conversation's branches", async () => {
    const app = createTestApp(get());
    const a = await taskUser(app);
    const b = await taskUser(app);
    const c = await a.createContext();
    const one = await a.task(c, "m-1");
    await a.task(c, "m-2");
    const bc = await b.createContext();
    const branch = await send(app, b, "PUT", `/${c}/branch`, { task_id: one.id, exact: true });
    expect(branch.status).toBe(404);
    const fork = await send(app, b, "POST", `/${c}/fork`, { task_id: one.id });
    expect(fork.status).toBe(404);
    // Nor through B's own conversation naming A's task.
    const through = await send(app, b, "PUT", `/${bc}/branch`, { task_id: one.id });
    expect(through.status).toBe(400);
    const forkThrough = await send(app, b, "POST", `/${bc}/fork`, { task_id: one.id });
    expect(forkThrough.status).toBe(400);
    expect((await tasksOf(a, c)).length).toBe(2);
    expect(await (await b.get("/contexts")).json()).toHaveLength(1);
    const none = await app.request(`/api/v1/core/contexts/${c}/branch`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ task_id: null }),
    });
    expect(none.status).toBe(401);
  });
});
