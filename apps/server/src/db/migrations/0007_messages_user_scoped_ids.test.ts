import { Migrator, sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { migrations } from "./index.js";

describeEachDialect(
  "migration 0007: message ids unique per user",
  (get) => {
    it("keeps every stored message and lets two users use the same id", async () => {
      const { db } = get();
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
        ...(db.dialect === "postgres" ? { migrationTableSchema: db.location } : {}),
      });
      expect((await migrator.migrateTo("0006_tasks_context_created")).error).toBeUndefined();
      const at = "2026-01-01T00:00:00.000Z";
      for (const id of ["u1", "u2"]) {
        await sql`insert into users (id, user_type, username, email, created_at, updated_at)
          values (${id}, 'anonymous', ${id}, null, ${at}, ${at})`.execute(db.kysely);
        await sql`insert into contexts (id, user_id, name, created_at, updated_at, message_count, task_count)
          values (${`c-${id}`}, ${id}, 'Chat', ${at}, ${at}, 0, 0)`.execute(db.kysely);
      }
      const insert = (userId: string, text: string) =>
        sql`insert into messages (id, user_id, context_id, task_id, role, parts, created_at)
          values ('same-id', ${userId}, ${`c-${userId}`}, null, 'user', ${text}, ${at})`.execute(
          db.kysely,
        );
      await insert("u1", "[]");
      await expect(insert("u2", "[]")).rejects.toThrow();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await insert("u2", '[{"kind":"text","text":"b"}]');
      await expect(insert("u1", "[]")).rejects.toThrow();
      const rows = await sql<{ user_id: string; parts: string }>`
        select user_id, parts from messages order by user_id`.execute(db.kysely);
      expect(rows.rows).toEqual([
        { user_id: "u1", parts: "[]" },
        { user_id: "u2", parts: '[{"kind":"text","text":"b"}]' },
      ]);
    });
  },
  { migrate: false },
);
