import { Migrator, sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { migrations } from "./index.js";

describeEachDialect(
  "migration 0034: branches of conversations",
  (get) => {
    it("makes each stored conversation one line: every task follows the one before, the newest is the leaf", async () => {
      const { db } = get();
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
        ...(db.dialect === "postgres" ? { migrationTableSchema: db.location } : {}),
      });
      expect((await migrator.migrateTo("0024_account_admins")).error).toBeUndefined();
      const at = "2026-01-01T00:00:00.000Z";
      await sql`insert into users (id, user_type, username, email, created_at, updated_at)
        values ('u1', 'anonymous', 'u1', null, ${at}, ${at})`.execute(db.kysely);
      for (const id of ["c1", "c2", "c3"]) {
        await sql`insert into contexts (id, user_id, name, created_at, updated_at, message_count, task_count)
          values (${id}, 'u1', 'Chat', ${at}, ${at}, 0, 0)`.execute(db.kysely);
      }
      // c1: three tasks, two of them created in the same millisecond (the id orders them).
      const tasks: [string, string, string][] = [
        ["t1", "c1", "2026-01-01T00:00:01.000Z"],
        ["t3", "c1", "2026-01-01T00:00:02.000Z"],
        ["t2", "c1", "2026-01-01T00:00:02.000Z"],
        ["u1", "c2", "2026-01-01T00:00:01.000Z"],
      ];
      for (const [id, context, created] of tasks) {
        await sql`insert into tasks (id, user_id, context_id, agent_name, task_type, state,
            status_timestamp, status_message, metadata, created_at, updated_at)
          values (${id}, 'u1', ${context}, 'assistant', 'agent_message', 'completed', ${created},
            null, '{}', ${created}, ${created})`.execute(db.kysely);
      }

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await sql<{ id: string; parent_task_id: string | null }>`
        select id, parent_task_id from tasks order by id`.execute(db.kysely);
      expect(rows.rows.map((r) => [r.id, r.parent_task_id])).toEqual([
        ["t1", null],
        ["t2", "t1"],
        ["t3", "t2"],
        ["u1", null],
      ]);
      const leaves = await sql<{ id: string; leaf_task_id: string | null }>`
        select id, leaf_task_id from contexts order by id`.execute(db.kysely);
      expect(leaves.rows.map((r) => [r.id, r.leaf_task_id])).toEqual([
        ["c1", "t3"],
        ["c2", "u1"],
        ["c3", null],
      ]);
    });
  },
  { migrate: false },
);
