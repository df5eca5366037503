import { artifactSchema, taskSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { tableArtifact, taskUser } from "../../test/tasks.js";

describeEachDialect("/api/v1/core/contexts/{id}/tasks and /artifacts", (get) => {
  it("lists the tasks and artifacts of one conversation only, newest first", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const one = await u.createContext("One");
    const two = await u.createContext("Two");
    const first = await u.task(one, "m-1");
    await new Promise((r) => setTimeout(r, 5));
    const second = await u.task(one, "m-2");
    const elsewhere = await u.task(two, "m-3");
    await new Promise((r) => setTimeout(r, 5));
    const add = (id: string, contextId: string, s: number, taskId?: string) =>
      addArtifact(app.services, u.owner, {
        taskId,
        artifact: tableArtifact(id, contextId, {
          created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString(),
        }),
      });
    await add("a-1", one, 1, first.id);
    await add("a-2", one, 2);
    await add("a-3", two, 3, elsewhere.id);

    const tasks = taskSchema.array().parse(await (await u.get(`/contexts/${one}/tasks`)).json());
    // first was created earlier, but its artifact came later: it is the most recently updated.
    expect(tasks.map((t) => t.id)).toEqual([first.id, second.id]);
    const newest = await u.get(`/contexts/${one}/tasks?limit=1`);
    expect(
      taskSchema
        .array()
        .parse(await newest.json())
        .map((t) => t.id),
    ).toEqual([first.id]);
    expect(tasks.find((t) => t.id === first.id)?.artifacts.map((a) => a.artifactId)).toEqual([
      "a-1",
    ]);

    const artifacts = await u.get(`/contexts/${one}/artifacts`);
    expect(artifacts.status).toBe(200);
    const list = artifactSchema.array().parse(await artifacts.json());
    expect(list.map((a) => a.artifactId)).toEqual(["a-2", "a-1"]);
    const limited = await u.get(`/contexts/${one}/artifacts?limit=1`);
    expect(
      artifactSchema
        .array()
        .parse(await limited.json())
        .map((a) => a.artifactId),
    ).toEqual(["a-2"]);
    const empty = await u.createContext("Empty");
    expect(await (await u.get(`/contexts/${empty}/tasks`)).json()).toEqual([]);
    expect(await (await u.get(`/contexts/${empty}/artifacts`)).json()).toEqual([]);
  });

  it("pages a conversation's tasks newest created first with order=created and before", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const one = await u.createContext("One");
    const other = await u.createContext("Other");
    const tasks = [];
    for (let i = 0; i < 5; i += 1) tasks.push(await u.task(one, `p-${i}`));
    const made = tasks.map((t) => t.id);
    // Newest created first; tasks created in the same millisecond by id, descending.
    const newest = tasks
      .map((t) => `${t.metadata.created_at} ${t.id}`)
      .sort()
      .at(-1)
      ?.split(" ")[1];
    const foreign = await u.task(other, "x-1");
    const ids = async (query: string) =>
      taskSchema
        .array()
        .parse(await (await u.get(`/contexts/${one}/tasks?${query}`)).json())
        .map((t) => t.id);
    // Tasks created in one millisecond still page without gaps or repeats (id breaks ties).
    const firstPage = await ids("order=created&limit=2");
    const secondPage = await ids(`order=created&limit=2&before=${firstPage[1]}`);
    const lastPage = await ids(`order=created&limit=2&before=${secondPage[1]}`);
    expect([...firstPage, ...secondPage, ...lastPage].sort()).toEqual([...made].sort());
    expect(new Set([...firstPage, ...secondPage, ...lastPage]).size).toBe(5);
    expect(firstPage[0]).toBe(newest);

    for (const [query, message] of [
      [`order=created&before=${foreign.id}`, "before must be a task of this conversation"],
      ["order=created&before=nope", "before must be a task of this conversation"],
      [`before=${made[0]}`, "before needs order=created"],
      ["order=oldest", "order must be updated or created"],
    ] as const) {
      const bad = await u.get(`/contexts/${one}/tasks?${query}`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: "validation_failed", message });
    }
  });

  it("answers 404 for an unknown conversation, 400 for a bad limit, 401 without a token", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const id = await u.createContext();
    for (const kind of ["tasks", "artifacts"]) {
      const missing = await u.get(`/contexts/00000000-0000-4000-8000-000000000000/${kind}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "not_found", message: "Context not found" });
      const bad = await u.get(`/contexts/${id}/${kind}?limit=1000`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        error: "validation_failed",
        message: "limit must be an integer between 1 and 500",
      });
      expect((await app.request(`/api/v1/core/contexts/${id}/${kind}`)).status).toBe(401);
    }
  });

  it("counts each request once against the per-user limit", async () => {
    const app = createTestApp(get(), {
      config: { rateLimit: { apiRequestsPerUser: 4, windowSeconds: 86_400 } },
    });
    const u = await taskUser(app);
    const id = await u.createContext();
    expect((await u.get(`/contexts/${id}/tasks`)).status).toBe(200);
    expect((await u.get(`/contexts/${id}/artifacts`)).status).toBe(200);
    expect((await u.get(`/contexts/${id}`)).status).toBe(200);
    expect((await u.get(`/contexts/${id}/tasks`)).status).toBe(429);
  });
});
