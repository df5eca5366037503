import { artifactSchema, taskSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { updateTaskStatus } from "../../tasks/task-status-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { tableArtifact, taskUser } from "../../test/tasks.js";

const pause = () => new Promise((r) => setTimeout(r, 5));

describeEachDialect("/api/v1/core/tasks", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const contextId = await u.createContext();
    const tasks = async (query = "") => {
      const res = await u.get(`/tasks${query}`);
      expect(res.status).toBe(200);
      return taskSchema.array().parse(await res.json());
    };
    return { app, u, contextId, tasks };
  };

  it("lists the caller's tasks, most recently updated first, with status and limit", async () => {
    const { app, u, contextId, tasks } = await setup();
    expect(await tasks()).toEqual([]);
    const first = await u.task(contextId, "m-1");
    await pause();
    const second = await u.task(contextId, "m-2");
    await pause();
    const third = await u.task(contextId, "m-3");
    await pause();
    const updated = await updateTaskStatus(app.services, u.owner, first.id, { state: "working" });

    const all = await tasks();
    expect(all.map((t) => t.id)).toEqual([first.id, third.id, second.id]);
    expect(all[0]).toEqual(updated);
    expect(all[1]?.history.map((m) => m.messageId)).toEqual(["m-3"]);
    expect((await tasks("?status=working")).map((t) => t.id)).toEqual([first.id]);
    expect((await tasks("?status=submitted&limit=1")).map((t) => t.id)).toEqual([third.id]);
    expect(await tasks("?status=completed")).toEqual([]);
    expect(await tasks("?limit=500")).toHaveLength(3);
  });

  it("reads one task with its history and artifacts, and its artifacts alone", async () => {
    const { app, u, contextId } = await setup();
    const task = await u.task(contextId, "m-1", "make a table");
    await addArtifact(app.services, u.owner, {
      taskId: task.id,
      artifact: tableArtifact("a-1", contextId, { created_at: "2025-01-01T00:00:01.000Z" }),
    });
    await addArtifact(app.services, u.owner, {
      taskId: task.id,
      artifact: tableArtifact("a-2", contextId, { created_at: "2025-01-01T00:00:02.000Z" }),
    });
    const done = await updateTaskStatus(app.services, u.owner, task.id, { state: "completed" });

    const res = await u.get(`/tasks/${task.id}`);
    expect(res.status).toBe(200);
    const read = taskSchema.parse(await res.json());
    expect(read).toEqual(done);
    expect(read).toMatchObject({
      id: task.id,
      contextId,
      status: { state: "completed" },
      history: [
        { messageId: "m-1", role: "user", parts: [{ kind: "text", text: "make a table" }] },
      ],
      metadata: { task_type: "agent_message", agent_name: "assistant" },
    });
    expect(read.artifacts.map((a) => a.artifactId)).toEqual(["a-2", "a-1"]);

    const artifacts = await u.get(`/tasks/${task.id}/artifacts`);
    expect(artifacts.status).toBe(200);
    const list = artifactSchema.array().parse(await artifacts.json());
    expect(list).toEqual(read.artifacts);
  });

  it("refuses bad query values with clear messages", async () => {
    const { u } = await setup();
    const cases: [string, string][] = [
      [
        "?status=done",
        "status must be one of submitted, working, input-required, completed, canceled, failed, rejected, auth-required",
      ],
      ["?limit=0", "limit must be an integer between 1 and 500"],
      ["?limit=501", "limit must be an integer between 1 and 500"],
      ["?limit=ten", "limit must be an integer between 1 and 500"],
      ["?limit=", "limit must be an integer between 1 and 500"],
    ];
    for (const [query, message] of cases) {
      const res = await u.get(`/tasks${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: "validation_failed", message });
    }
  });

  it("answers 404 for an unknown task and 401 without a token", async () => {
    const { app, u } = await setup();
    for (const path of ["/tasks/nope", "/tasks/nope/artifacts"]) {
      const res = await u.get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: "Task not found" });
    }
    for (const path of ["/tasks", "/tasks/x", "/tasks/x/artifacts"]) {
      expect((await app.request(`/api/v1/core${path}`)).status).toBe(401);
    }
  });

  it("skips a stored task that no longer validates", async () => {
    const { u, contextId, tasks } = await setup();
    const good = await u.task(contextId, "m-1");
    const broken = await u.task(contextId, "m-2");
    await get()
      .db.kysely.updateTable("tasks")
      .set({ metadata: JSON.stringify({ task_type: "chat" }) })
      .where("id", "=", broken.id)
      .execute();
    expect((await tasks()).map((t) => t.id)).toEqual([good.id]);
    expect((await u.get(`/tasks/${broken.id}`)).status).toBe(404);
  });
});
