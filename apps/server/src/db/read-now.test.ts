import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, expect, it } from "vitest";
import { type Db, openDatabase } from "./database.js";

let opened: { db: Db; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of opened) {
    await db.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  opened = [];
});

/** The query builder for the test's own table (the app's is typed for its schema). */
const table = (db: Db) => db.kysely as unknown as Kysely<{ t: { a: number } }>;

async function sqlite(): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), "read-now-"));
  const db = await openDatabase({ dataDir: dir, schema: "public", poolSize: 1 });
  opened.push({ db, dir });
  await db.kysely.schema.createTable("t").addColumn("a", "integer").execute();
  await table(db)
    .insertInto("t")
    .values([{ a: 1 }, { a: 2 }])
    .execute();
  return db;
}

const readAll = (db: Db) => table(db).selectFrom("t").select("a").orderBy("a").compile();

it("reads at once when the connection is free, as Kysely would", async () => {
  const db = await sqlite();
  const query = readAll(db);
  expect(db.readNow?.(query)).toEqual([{ a: 1 }, { a: 2 }]);
  expect((await db.kysely.executeQuery(query)).rows).toEqual([{ a: 1 }, { a: 2 }]);
});

it("declines while a transaction holds the connection, so it never sees uncommitted rows", async () => {
  const db = await sqlite();
  const query = readAll(db);
  let during: unknown = "not run";
  await table(db)
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("t").values({ a: 3 }).execute();
      during = db.readNow?.(query);
    });
  expect(during).toBeUndefined();
  expect(db.readNow?.(query)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
});

it("declines writes and a closed database (Kysely then answers, or fails, as before)", async () => {
  const db = await sqlite();
  expect(db.readNow?.(table(db).insertInto("t").values({ a: 9 }).compile())).toBeUndefined();
  expect(db.readNow?.(readAll(db))).toEqual([{ a: 1 }, { a: 2 }]);
  await db.close();
  expect(db.readNow?.(readAll(db))).toBeUndefined();
});

it("keeps an answer until any write: a plain insert, an insert that returns rows, a transaction", async () => {
  const db = await sqlite();
  const query = readAll(db);
  const first = db.readNow?.(query);
  expect(first).toEqual([{ a: 1 }, { a: 2 }]);
  // Kept: the same frozen rows, not read again.
  expect(db.readNow?.(query)).toBe(first);
  expect(Object.isFrozen(first)).toBe(true);
  expect(() => (first as { a: number }[]).push({ a: 0 })).toThrow(TypeError);

  await table(db).insertInto("t").values({ a: 3 }).execute();
  expect(db.readNow?.(query)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);

  // A statement that reads rows back and writes (better-sqlite3's reader, not readonly).
  const returned = await table(db).insertInto("t").values({ a: 4 }).returning("a").execute();
  expect(returned).toEqual([{ a: 4 }]);
  expect(db.readNow?.(query)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }]);

  await table(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("t").where("a", "<", 3).execute();
    });
  expect(db.readNow?.(query)).toEqual([{ a: 3 }, { a: 4 }]);

  // Another table's write empties it too: answers are never kept past any write.
  await db.kysely.schema.createTable("other").addColumn("b", "integer").execute();
  await (db.kysely as unknown as Kysely<{ other: { b: number } }>)
    .insertInto("other")
    .values({ b: 1 })
    .execute();
  const after = db.readNow?.(query);
  expect(after).toEqual([{ a: 3 }, { a: 4 }]);
  expect(after).not.toBe(first);
});

it("keeps answers per query and parameters", async () => {
  const db = await sqlite();
  const over = (min: number) =>
    table(db).selectFrom("t").select("a").where("a", ">", min).orderBy("a").compile();
  expect(db.readNow?.(over(0))).toEqual([{ a: 1 }, { a: 2 }]);
  expect(db.readNow?.(over(1))).toEqual([{ a: 2 }]);
  expect(db.readNow?.(over(0))).toEqual([{ a: 1 }, { a: 2 }]);
});
