import SqliteDatabase from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { SqliteLiteralLimitDialect } from "./sqlite-dialect.js";

interface Tables {
  t: { a: number };
}

function open(): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: new SqliteLiteralLimitDialect({ database: new SqliteDatabase(":memory:") }),
  });
}

describe("SqliteLiteralLimitDialect", () => {
  it("writes a whole-number limit and offset into the SQL instead of binding them", () => {
    const db = open();
    const query = db.selectFrom("t").selectAll().where("a", ">", 1).limit(21).offset(40).compile();
    expect(query.sql).toBe('select * from "t" where "a" > ? limit 21 offset 40');
    expect(query.parameters).toEqual([1]);
  });

  it("binds a limit that is not a safe whole number, and leaves expressions alone", () => {
    const db = open();
    expect(db.selectFrom("t").selectAll().limit(2.5).compile()).toMatchObject({
      sql: 'select * from "t" limit ?',
      parameters: [2.5],
    });
    const expression = db.selectFrom("t").selectAll().limit(sql<number>`${3} + 1`).compile();
    expect(expression).toMatchObject({ sql: 'select * from "t" limit ? + 1', parameters: [3] });
  });

  it("answers pages as before", async () => {
    const db = open();
    await db.schema.createTable("t").addColumn("a", "integer").execute();
    await db
      .insertInto("t")
      .values([{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }])
      .execute();
    const page = (limit: number, offset: number) =>
      db.selectFrom("t").select("a").orderBy("a").limit(limit).offset(offset).execute();
    expect(await page(2, 1)).toEqual([{ a: 2 }, { a: 3 }]);
    expect(await page(3, 2)).toEqual([{ a: 3 }, { a: 4 }]);
    await db.destroy();
  });
});
