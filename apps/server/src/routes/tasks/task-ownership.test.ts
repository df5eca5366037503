import { artifactSchema, taskSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { tableArtifact, taskUser } from "../../test/tasks.js";

describeEachDialect("task and artifact ownership", (get) => {
  it("hides every task, artifact and conversation of user A from user B", async () => {
    const app = createTestApp(get());
    const alice = await taskUser(app);
    const bob = await taskUser(app);
    const aliceContext = await alice.createContext("Alice");
    const aliceTask = await alice.task(aliceContext, "alice-m1", "secret plans");
    for (const [id, taskId] of [
      ["alice-a1", aliceTask.id],
      ["alice-a2", undefined],
    ] as const) {
      await addArtifact(app.services, alice.owner, {
        taskId,
        artifact: tableArtifact(id, aliceContext),
      });
    }
    const bobContext = await bob.createContext("Bob");
    const bobTask = await bob.task(bobContext, "bob-m1");
    await addArtifact(app.services, bob.owner, {
      taskId: bobTask.id,
      artifact: tableArtifact("bob-a1", bobContext),
    });

    const expectNotFound = async (path: string, message: string) => {
      const res = await bob.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: "not_found", message });
    };
    await expectNotFound(`/tasks/${aliceTask.id}`, "Task not found");
    await expectNotFound(`/tasks/${aliceTask.id}/artifacts`, "Task not found");
    await expectNotFound("/artifacts/alice-a1", "Artifact not found");
    await expectNotFound("/artifacts/alice-a2", "Artifact not found");
    await expectNotFound(`/contexts/${aliceContext}/tasks`, "Context not found");
    await expectNotFound(`/contexts/${aliceContext}/artifacts`, "Context not found");

    const bobTasks = taskSchema.array().parse(await (await bob.get("/tasks?limit=500")).json());
    expect(bobTasks.map((t) => t.id)).toEqual([bobTask.id]);
    for (const status of ["submitted", "working"]) {
      const filtered = taskSchema
        .array()
        .parse(await (await bob.get(`/tasks?status=${status}`)).json());
      expect(filtered.every((t) => t.contextId === bobContext)).toBe(true);
    }
    const bobArtifacts = artifactSchema
      .array()
      .parse(await (await bob.get("/artifacts?limit=500")).json());
    expect(bobArtifacts.map((a) => a.artifactId)).toEqual(["bob-a1"]);
    const bobContextTasks = taskSchema
      .array()
      .parse(await (await bob.get(`/contexts/${bobContext}/tasks`)).json());
    expect(bobContextTasks.map((t) => t.id)).toEqual([bobTask.id]);

    // Alice still sees all of hers.
    expect((await alice.get(`/tasks/${aliceTask.id}`)).status).toBe(200);
    const aliceArtifacts = artifactSchema
      .array()
      .parse(await (await alice.get(`/contexts/${aliceContext}/artifacts`)).json());
    expect(aliceArtifacts.map((a) => a.artifactId).sort()).toEqual(["alice-a1", "alice-a2"]);
    const aliceTaskArtifacts = artifactSchema
      .array()
      .parse(await (await alice.get(`/tasks/${aliceTask.id}/artifacts`)).json());
    expect(aliceTaskArtifacts.map((a) => a.artifactId)).toEqual(["alice-a1"]);
  });
});
