import { artifactCreatedDataSchema, artifactSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { tableArtifact, taskUser } from "../test/tasks.js";
import { addArtifact } from "./artifact-commands.js";

const t0 = "2025-01-01T00:00:00.000Z";
const t1 = "2025-01-01T00:00:01.000Z";
const t2 = "2025-01-01T00:00:02.000Z";

describeEachDialect("addArtifact", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const contextId = await u.createContext();
    const task = await u.task(contextId, "m-1");
    const add = (artifact: unknown, taskId: string | undefined = task.id) =>
      addArtifact(app.services, u.owner, { taskId, artifact });
    const read = async (id: string) => {
      const res = await u.get(`/artifacts/${id}`);
      return res.status === 200 ? artifactSchema.parse(await res.json()) : res.status;
    };
    return { app, u, contextId, task, add, read };
  };

  it("rejects an invalid artifact with 'Invalid artifact' and stores nothing", async () => {
    const { u, contextId, add, read } = await setup();
    const stream = await u.openStream();
    const good = tableArtifact("a-1", contextId);
    for (const bad of [
      { ...good, metadata: { ...good.metadata, artifact_type: undefined } },
      { ...good, metadata: { ...good.metadata, context_id: 7 } },
      { ...good, metadata: { ...good.metadata, created_at: null } },
      { ...good, parts: [{ kind: "data", data: "not an object" }] },
      "artifact",
    ]) {
      await expect(add(bad)).rejects.toMatchObject({
        code: "validation_failed",
        message: "Invalid artifact",
      });
    }
    expect(await read("a-1")).toBe(404);
    expect(await stream.quietFor(150)).toBe(true);
    await stream.close();
  });

  it("replaces an earlier artifact of the task with the same fingerprint", async () => {
    const { u, contextId, task, add, read } = await setup();
    await add(tableArtifact("a-1", contextId, { fingerprint: "users", created_at: t1 }));
    await add(tableArtifact("a-other", contextId, { fingerprint: "orders", created_at: t1 }));
    const stream = await u.openStream();
    const outcome = await add(
      tableArtifact("a-2", contextId, { fingerprint: "users", created_at: t2 }),
    );
    expect(outcome).toMatchObject({ stored: true, replacedArtifactId: "a-1" });
    const event = artifactCreatedDataSchema.parse((await stream.next()).envelope.data);
    expect(event).toMatchObject({ replaced_artifact_id: "a-1", artifact: { artifactId: "a-2" } });
    expect(await read("a-1")).toBe(404);
    expect(await read("a-2")).toMatchObject({ metadata: { fingerprint: "users" } });
    const list = artifactSchema
      .array()
      .parse(await (await u.get(`/tasks/${task.id}/artifacts`)).json());
    expect(list.map((a) => a.artifactId).sort()).toEqual(["a-2", "a-other"]);

    // The same fingerprint in another task is another artifact.
    const other = await u.task(contextId, "m-2");
    await add(tableArtifact("a-3", contextId, { fingerprint: "users", created_at: t2 }), other.id);
    expect(await read("a-2")).not.toBe(404);
    await stream.close();
  });

  it("never lets an older artifact replace a newer one (by id or fingerprint)", async () => {
    const { u, contextId, add, read } = await setup();
    const newer = tableArtifact("a-1", contextId, { fingerprint: "f", created_at: t2 });
    await add({ ...newer, name: "newer" });
    const stream = await u.openStream();

    const sameId = await add({
      ...tableArtifact("a-1", contextId, { created_at: t1 }),
      name: "older",
    });
    expect(sameId).toMatchObject({
      stored: false,
      artifact: { artifactId: "a-1", name: "newer" },
    });
    const sameFingerprint = await add(
      tableArtifact("a-0", contextId, { fingerprint: "f", created_at: t0 }),
    );
    expect(sameFingerprint).toMatchObject({ stored: false, artifact: { name: "newer" } });
    expect(await stream.quietFor(150)).toBe(true);
    expect(await read("a-1")).toMatchObject({ name: "newer", metadata: { created_at: t2 } });
    expect(await read("a-0")).toBe(404);

    // Same time or later does replace, and is announced.
    const later = await add({
      ...tableArtifact("a-1", contextId, { created_at: t2 }),
      name: "again",
    });
    expect(later.stored).toBe(true);
    expect((await stream.next()).event).toBe("artifact_created");
    expect(await read("a-1")).toMatchObject({ name: "again" });
    await stream.close();
  });

  it("takes its task from metadata and refuses disagreement and foreign places", async () => {
    const { app, u, contextId, task, add } = await setup();
    const fromMetadata = await addArtifact(app.services, u.owner, {
      artifact: tableArtifact("a-m", contextId, { task_id: task.id }),
    });
    expect(fromMetadata.artifact.metadata.task_id).toBe(task.id);
    const loose = await addArtifact(app.services, u.owner, {
      artifact: tableArtifact("a-loose", contextId),
    });
    expect(loose.artifact.metadata.task_id).toBeUndefined();
    await expect(add(tableArtifact("a-x", contextId, { task_id: "other" }))).rejects.toMatchObject({
      code: "validation_failed",
      message: "Artifact task_id does not match its task",
    });

    const bob = await taskUser(app);
    const bobContext = await bob.createContext();
    const asBob = (artifact: unknown, taskId?: string) =>
      addArtifact(app.services, bob.owner, { taskId, artifact });
    await expect(asBob(tableArtifact("b-1", contextId))).rejects.toMatchObject({
      code: "not_found",
      message: "Context not found",
    });
    await expect(asBob(tableArtifact("b-2", bobContext), task.id)).rejects.toMatchObject({
      code: "not_found",
      message: "Task not found",
    });
    await expect(asBob(tableArtifact("a-m", bobContext))).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await u.get("/artifacts/a-m")).status).toBe(200);
  });
});
