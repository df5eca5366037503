import { Migrator, sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { SearchRepository } from "../repositories/search.js";
import { migrations } from "./index.js";

describeEachDialect(
  "migration 0035: full-text indexes",
  (get) => {
    it("indexes the messages, artifacts and tasks already stored", async () => {
      const { db } = get();
      const migrator = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
        ...(db.dialect === "postgres" ? { migrationTableSchema: db.location } : {}),
      });
      expect((await migrator.migrateTo("0024_account_admins")).error).toBeUndefined();
      const at = "2026-01-01T00:00:00.000Z";
      await sql`insert into users (id, user_type, username, email, created_at, updated_at)
        values ('u1', 'anon', 'u1', null, ${at}, ${at})`.execute(db.kysely);
      await sql`insert into contexts (id, user_id, name, created_at, updated_at, message_count, task_count)
        values ('c1', 'u1', 'Old chat', ${at}, ${at}, 0, 0)`.execute(db.kysely);
      const metadata = JSON.stringify({ tool_calls: [{ name: "lookup_tides" }] });
      await sql`insert into tasks (id, user_id, context_id, agent_name, task_type, state, status_timestamp,
          status_message, metadata, created_at, updated_at)
        values ('t1', 'u1', 'c1', 'a', 'agent_message', 'completed', ${at}, null, ${metadata}, ${at}, ${at})`.execute(
        db.kysely,
      );
      const parts = JSON.stringify([
        { kind: "text", text: "an old walrus story" },
        { kind: "file", file: { name: "seal.png", uri: "https://x.test/seal.png" } },
        { kind: "data", data: { hidden: "narwhal" } },
      ]);
      await sql`insert into messages (id, user_id, context_id, task_id, role, parts, created_at)
        values ('m1', 'u1', 'c1', 't1', 'user', ${parts}, ${at})`.execute(db.kysely);
      await sql`insert into artifacts (id, user_id, context_id, task_id, name, description, parts,
          metadata, artifact_type, fingerprint, created_at)
        values ('a1', 'u1', 'c1', 't1', 'Tide table', null, '[]', '{}', 'table', null, ${at})`.execute(
        db.kysely,
      );

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const search = new SearchRepository(db.kysely, db.dialect);
      const found = async (word: string) =>
        (await search.search("u1", [word], 10)).map((row) => `${row.kind}:${row.message_id}`);
      expect(await found("walrus")).toEqual(["message:m1"]);
      expect(await found("seal")).toEqual(["message:m1"]);
      // Only text and file names are indexed, not data.
      expect(await found("narwhal")).toEqual([]);
      // An artifact's title and a task's tool names, each opening at the task's first message.
      expect((await found("tide")).sort()).toEqual(["artifact:m1", "tool:m1"]);
      expect(await search.search("someone-else", ["walrus"], 10)).toEqual([]);
    });
  },
  { migrate: false },
);
