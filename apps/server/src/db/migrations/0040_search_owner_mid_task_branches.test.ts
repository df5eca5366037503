import { Migrator, sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { rankedCandidates, SearchRepository } from "../repositories/search.js";
import { migrations } from "./index.js";

describeEachDialect(
  "migration 0040: search by owner, branches inside a task",
  (get) => {
    it("re-indexes what 0035 indexed under its owner, and follows rows that change owner", async () => {
      const { db } = get();
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
        ...(db.dialect === "postgres" ? { migrationTableSchema: db.location } : {}),
      });
      expect((await migrator.migrateTo("0036_shares")).error).toBeUndefined();
      const at = "2026-01-01T00:00:00.000Z";
      for (const user of ["u1", "u2"]) {
        await sql`insert into users (id, user_type, username, email, created_at, updated_at)
          values (${user}, 'anon', ${user}, null, ${at}, ${at})`.execute(db.kysely);
        await sql`insert into contexts (id, user_id, name, created_at, updated_at, message_count, task_count)
          values (${`c-${user}`}, ${user}, 'Old chat', ${at}, ${at}, 0, 0)`.execute(db.kysely);
        const parts = JSON.stringify([{ kind: "text", text: `a walrus story of ${user}` }]);
        await sql`insert into messages (id, user_id, context_id, task_id, role, parts, created_at)
          values (${`m-${user}`}, ${user}, ${`c-${user}`}, null, 'user', ${parts}, ${at})`.execute(
          db.kysely,
        );
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const search = new SearchRepository(db.kysely, db.dialect);
      const found = async (user: string, word: string) =>
        (await search.search(user, [word], 10)).map((row) => row.message_id);
      expect(await found("u1", "walrus")).toEqual(["m-u1"]);
      expect(await found("u2", "walrus")).toEqual(["m-u2"]);
      // A visitor's message moved to an account is found by the account only.
      await sql`update contexts set user_id = 'u2' where id = 'c-u1'`.execute(db.kysely);
      await sql`update messages set user_id = 'u2' where id = 'm-u1'`.execute(db.kysely);
      expect(await found("u1", "walrus")).toEqual([]);
      expect((await found("u2", "walrus")).sort()).toEqual(["m-u1", "m-u2"]);
      // The new columns exist and start empty.
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from contexts where leaf_cut_message_id is null`.execute(db.kysely);
      expect(Number(rows[0]?.n)).toBe(2);
    });

    it("ranks the newest matches on SQLite when a word is in more messages than are ranked", async () => {
      const { db } = get();
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
        ...(db.dialect === "postgres" ? { migrationTableSchema: db.location } : {}),
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const at = "2026-01-01T00:00:00.000Z";
      await sql`insert into users (id, user_type, username, email, created_at, updated_at)
        values ('busy', 'anon', 'busy', null, ${at}, ${at})`.execute(db.kysely);
      await sql`insert into contexts (id, user_id, name, created_at, updated_at, message_count, task_count)
        values ('c-busy', 'busy', 'Busy', ${at}, ${at}, 0, 0)`.execute(db.kysely);
      const total = rankedCandidates + 50;
      const rows = Array.from({ length: total }, (_, i) => ({
        id: `busy${i}`,
        user_id: "busy",
        context_id: "c-busy",
        task_id: null,
        role: "user",
        // The oldest message says 'report' most often, but only the newest are ranked.
        parts: JSON.stringify([
          { kind: "text", text: i === 0 ? "report report report" : `report number ${i} of many` },
        ]),
        created_at: new Date(Date.parse(at) + i * 1000).toISOString(),
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await db.kysely
          .insertInto("messages")
          .values(rows.slice(i, i + 500))
          .execute();
      }
      const hits = await new SearchRepository(db.kysely, db.dialect).search("busy", ["report"], 20);
      expect(hits).toHaveLength(20);
      if (db.dialect === "postgres") {
        // PostgreSQL ranks every match of the user: the oldest, best one comes first.
        expect(hits[0]?.message_id).toBe("busy0");
        return;
      }
      expect(hits.map((hit) => hit.message_id)).not.toContain("busy0");
      // Every hit is one of the ranked (newest) ones, with its snippet.
      for (const hit of hits) {
        expect(Number(hit.message_id?.slice(4))).toBeGreaterThanOrEqual(total - rankedCandidates);
        expect(hit.snippet).toContain("\u0001report\u0002");
      }
    });
  },
  { migrate: false },
);
