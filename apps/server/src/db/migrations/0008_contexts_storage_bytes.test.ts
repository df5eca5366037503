import { Migrator, sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { migrations } from "./index.js";

describeEachDialect(
  "migration 0008: bytes stored per conversation",
  (get) => {
    it("counts the messages and artifacts already stored, in bytes", async () => {
      const { db } = get();
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
        ...(db.dialect === "postgres" ? { migrationTableSchema: db.location } : {}),
      });
      expect((await migrator.migrateTo("0007_messages_user_scoped_ids")).error).toBeUndefined();
      const at = "2026-01-01T00:00:00.000Z";
      await sql`insert into users (id, user_type, username, email, created_at, updated_at)
        values ('u1', 'anonymous', 'u1', null, ${at}, ${at})`.execute(db.kysely);
      for (const id of ["c1", "c2"]) {
        await sql`insert into contexts (id, user_id, name, created_at, updated_at, message_count, task_count)
          values (${id}, 'u1', 'Chat', ${at}, ${at}, 0, 0)`.execute(db.kysely);
      }
      const parts = '[{"kind":"text","text":"héllo ✓"}]';
      await sql`insert into messages (id, user_id, context_id, task_id, role, parts, created_at)
        values ('m1', 'u1', 'c1', null, 'user', ${parts}, ${at})`.execute(db.kysely);
      await sql`insert into artifacts (id, user_id, context_id, task_id, name, description, parts,
          metadata, artifact_type, fingerprint, created_at)
        values ('a1', 'u1', 'c1', null, null, null, '[]', '{"a":"ü"}', 'json', null, ${at})`.execute(
        db.kysely,
      );

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await sql<{ id: string; storage_bytes: string | number }>`
        select id, storage_bytes from contexts order by id`.execute(db.kysely);
      const expected =
        Buffer.byteLength(parts) + Buffer.byteLength("[]") + Buffer.byteLength('{"a":"ü"}');
      expect(rows.rows.map((r) => [r.id, Number(r.storage_bytes)])).toEqual([
        ["c1", expected],
        ["c2", 0],
      ]);
    });
  },
  { migrate: false },
);
