import { expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { tableArtifact, taskUser, textMessage } from "../test/tasks.js";
import { addArtifact } from "./artifact-commands.js";
import { appendMessage } from "./message-commands.js";

describeEachDialect("deleting a conversation", (get) => {
  it("removes its tasks, messages and artifacts and nothing else", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const doomed = await u.createContext("Doomed");
    const kept = await u.createContext("Kept");
    for (const [contextId, tag] of [
      [doomed, "d"],
      [kept, "k"],
    ] as const) {
      const task = await u.task(contextId, `${tag}-m1`);
      await appendMessage(app.services, u.owner, {
        contextId,
        message: textMessage(`${tag}-m2`, "no task"),
      });
      await addArtifact(app.services, u.owner, {
        taskId: task.id,
        artifact: tableArtifact(`${tag}-a1`, contextId),
      });
      await addArtifact(app.services, u.owner, { artifact: tableArtifact(`${tag}-a2`, contextId) });
    }
    const { kysely } = get().db;
    const count = async (table: "tasks" | "messages" | "artifacts", contextId: string) =>
      (await kysely.selectFrom(table).select("id").where("context_id", "=", contextId).execute())
        .length;
    expect([await count("tasks", doomed), await count("messages", doomed)]).toEqual([1, 2]);
    expect(await count("artifacts", doomed)).toBe(2);

    expect((await u.deleteContext(doomed)).status).toBe(204);
    for (const table of ["tasks", "messages", "artifacts"] as const) {
      expect(await count(table, doomed), table).toBe(0);
    }
    expect([await count("tasks", kept), await count("messages", kept)]).toEqual([1, 2]);
    expect(await count("artifacts", kept)).toBe(2);
    expect((await u.get("/artifacts/d-a1")).status).toBe(404);
    expect((await u.get("/artifacts/k-a1")).status).toBe(200);
  });
});
