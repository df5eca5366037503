import { expect, it } from "vitest";
import type { Db } from "../db/database.js";
import { createLogger } from "../log/logger.js";
import { describeEachDialect } from "../test/databases.js";
import { firstSaveMs, TaskRuns } from "./task-runs.js";

const now = new Date().toISOString();

async function runningTasks(db: Db, runs: TaskRuns, ids: string[]): Promise<void> {
  await db.kysely
    .insertInto("users")
    .values({
      id: "u1",
      user_type: "anon",
      username: "u1",
      email: null,
      updated_at: now,
      created_at: now,
    })
    .execute();
  await db.kysely
    .insertInto("contexts")
    .values({
      id: "c1",
      user_id: "u1",
      name: "c",
      created_at: now,
      updated_at: now,
      last_message_at: null,
    })
    .execute();
  for (const id of ids) {
    await db.kysely
      .insertInto("tasks")
      .values({
        id,
        user_id: "u1",
        context_id: "c1",
        agent_name: "assistant",
        task_type: "chat",
        state: "working",
        status_timestamp: now,
        status_message: null,
        metadata: "{}",
        created_at: now,
        updated_at: now,
        ...runs.lease(),
      })
      .execute();
  }
}

/** A task's saved reply text. */
async function savedText(db: Db, id: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom("tasks")
    .select("reply_text")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.reply_text;
}

/** TaskRuns saving far less often than any test lasts: only first-words and cut saves happen. */
function slowRuns(db: Db): TaskRuns {
  return new TaskRuns({
    db,
    logger: createLogger("silent"),
    leaseMs: 30_000,
    saveIntervalMs: 60_000,
  });
}

describeEachDialect(
  "running tasks' saves",
  (get) => {
    it("saves every grown reply of one pass in a single transaction (SQLite)", async () => {
      const { db } = get();
      const runs = new TaskRuns({
        db,
        logger: createLogger("silent"),
        leaseMs: 30_000,
        saveIntervalMs: 20,
      });
      const ids = ["t1", "t2", "t3", "t4", "t5"];
      await runningTasks(db, runs, ids);
      let transactions = 0;
      const transaction = db.kysely.transaction.bind(db.kysely);
      db.kysely.transaction = () => {
        transactions += 1;
        return transaction();
      };
      const cuts: string[] = [];
      for (const id of ids) runs.begin(id, (reason) => cuts.push(reason));
      for (const id of ids) runs.replied(id, { messageId: `m-${id}`, text: `reply of ${id}` });
      // Wait for a pass to have saved them all.
      const read = () =>
        db.kysely.selectFrom("tasks").select(["id", "reply_text"]).orderBy("id").execute();
      for (let i = 0; i < 200; i += 1) {
        const rows = await read();
        if (rows.every((row) => row.reply_text !== null)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (const id of ids) runs.end(id);
      expect((await read()).map((row) => row.reply_text)).toEqual(
        ids.map((id) => `reply of ${id}`),
      );
      // One commit on SQLite; on PostgreSQL each statement commits by itself (see TaskRuns.pass).
      expect(transactions).toBe(db.dialect === "sqlite" ? 1 : 0);
      expect(cuts).toEqual([]);
    });

    it("saves a reply's first words soon, not a whole save interval later", async () => {
      const { db } = get();
      const runs = slowRuns(db);
      await runningTasks(db, runs, ["t1"]);
      runs.begin("t1", () => undefined);
      runs.replied("t1", { messageId: "m-1", text: "Building the" });
      const read = () => savedText(db, "t1");
      for (let i = 0; i < 100 && (await read()) === null; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await read()).toBe("Building the");
      // Later words wait for the timer.
      runs.replied("t1", { messageId: "m-1", text: "Building the report" });
      await new Promise((resolve) => setTimeout(resolve, firstSaveMs * 4));
      expect(await read()).toBe("Building the");
      runs.end("t1");
    });

    it("saves the text streamed so far at once when a run is cut (issue 40, item 10)", async () => {
      const { db } = get();
      const runs = slowRuns(db);
      await runningTasks(db, runs, ["t1"]);
      const read = () => savedText(db, "t1");
      runs.begin("t1", () => runs.saveNow());
      runs.replied("t1", { messageId: "m-1", text: "First words" });
      runs.shown("t1", "First words".length);
      for (let i = 0; i < 100 && (await read()) === null; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      runs.replied("t1", { messageId: "m-1", text: "First words, and the rest so far" });
      runs.shown("t1", "First words, and the rest so far".length);
      runs.cutAll("stopped");
      for (let i = 0; i < 100 && (await read()) === "First words"; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await read()).toBe("First words, and the rest so far");
      runs.end("t1");
    });

    it("cuts a run whose claim is gone, but not one whose end is being stored", async () => {
      const { db } = get();
      const runs = slowRuns(db);
      await runningTasks(db, runs, ["ending", "taken"]);
      const cuts: string[] = [];
      // A cut run stops and ends (as the executor's does, a moment later).
      const cutter = (id: string) => () => {
        cuts.push(id);
        runs.end(id);
      };
      runs.begin("ending", cutter("ending"));
      runs.begin("taken", cutter("taken"));
      runs.ending("ending");
      // Both claims cleared before the first pass renews them: one by the run's own end being
      // stored, the other by someone else (a replica that took this process for dead).
      await db.kysely
        .updateTable("tasks")
        .set({ state: "completed", runner: null, lease_until: null })
        .execute();
      await expect.poll(() => cuts).toEqual(["taken"]);
      // A later pass does not cut it either.
      runs.saveNow();
      await new Promise((resolve) => setTimeout(resolve, 4 * firstSaveMs));
      expect(cuts).toEqual(["taken"]);
      runs.end("ending");
    });
  },
  { per: "test" },
);
