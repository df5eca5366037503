import { artifactSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { tableArtifact, taskUser } from "../../test/tasks.js";

const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString();

describeEachDialect(
  "/api/v1/core/artifacts",
  (get) => {
    const setup = async () => {
      const app = createTestApp(get());
      const u = await taskUser(app);
      const contextId = await u.createContext();
      const task = await u.task(contextId, "m-1");
      const add = (id: string, second: number, taskId?: string) =>
        addArtifact(app.services, u.owner, {
          taskId,
          artifact: tableArtifact(id, contextId, { created_at: at(second) }),
        });
      const list = async (query = "") => {
        const res = await u.get(`/artifacts${query}`);
        expect(res.status).toBe(200);
        return artifactSchema.array().parse(await res.json());
      };
      return { app, u, contextId, task, add, list };
    };

    it("lists the caller's artifacts newest first, with a limit", async () => {
      const { u, task, add, list } = await setup();
      expect(await list()).toEqual([]);
      await add("a-1", 1, task.id);
      await add("a-3", 3);
      await add("a-2", 2, task.id);
      expect((await list()).map((a) => a.artifactId)).toEqual(["a-3", "a-2", "a-1"]);
      expect((await list("?limit=2")).map((a) => a.artifactId)).toEqual(["a-3", "a-2"]);
      for (const query of ["?limit=0", "?limit=501", "?limit=x"]) {
        const res = await u.get(`/artifacts${query}`);
        expect(res.status, query).toBe(400);
        expect(await res.json()).toEqual({
          error: "validation_failed",
          message: "limit must be an integer between 1 and 500",
        });
      }
    });

    it("reads one artifact in the spec shape", async () => {
      const { u, contextId, task, add } = await setup();
      const { artifact } = await add("a-1", 1, task.id);
      const res = await u.get("/artifacts/a-1");
      expect(res.status).toBe(200);
      const body = artifactSchema.parse(await res.json());
      expect(body).toEqual(artifact);
      expect(body).toMatchObject({
        artifactId: "a-1",
        name: "Table a-1",
        parts: [{ kind: "data", data: { items: [{ id: "a-1" }] } }],
        metadata: {
          artifact_type: "table",
          context_id: contextId,
          task_id: task.id,
          created_at: at(1),
        },
      });
      const missing = await u.get("/artifacts/nope");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "not_found", message: "Artifact not found" });
    });

    it("skips a stored artifact that is not valid, in lists and alone", async () => {
      const { u, add, list } = await setup();
      await add("a-1", 1);
      await add("a-2", 2);
      await get()
        .db.kysely.updateTable("artifacts")
        .set({ metadata: JSON.stringify({ artifact_type: "table" }) })
        .where("id", "=", "a-2")
        .execute();
      expect((await list()).map((a) => a.artifactId)).toEqual(["a-1"]);
      expect((await u.get("/artifacts/a-2")).status).toBe(404);
    });

    it("needs a valid token", async () => {
      const app = createTestApp(get());
      for (const path of ["/artifacts", "/artifacts/a-1"]) {
        expect((await app.request(`/api/v1/core${path}`)).status).toBe(401);
      }
    });
  },
  { per: "test" },
);
