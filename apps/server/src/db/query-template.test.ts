import SqliteDatabase from "better-sqlite3";
import { Kysely } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { QueryTemplate } from "./query-template.js";
import { SqliteLiteralLimitDialect } from "./sqlite-dialect.js";

interface Tables {
  t: { a: string; b: number };
}

async function open(): Promise<Kysely<Tables>> {
  const db = new Kysely<Tables>({
    dialect: new SqliteLiteralLimitDialect({ database: new SqliteDatabase(":memory:") }),
  });
  await db.schema.createTable("t").addColumn("a", "text").addColumn("b", "integer").execute();
  await db
    .insertInto("t")
    .values([
      { a: "x", b: 1 },
      { a: "x", b: 2 },
      { a: "y", b: 3 },
    ])
    .execute();
  return db;
}

describe("QueryTemplate", () => {
  it("builds and compiles once, then runs with each call's values", async () => {
    const db = await open();
    const build = vi.fn((slots: { a: string; min: string }) =>
      db
        .selectFrom("t")
        .select("b")
        .where("a", "=", slots.a)
        .where("b", ">=", slots.min as unknown as number)
        .orderBy("b"),
    );
    const template = new QueryTemplate(["a", "min"], build);
    expect((await db.executeQuery(template.with({ a: "x", min: 2 }))).rows).toEqual([{ b: 2 }]);
    expect((await db.executeQuery(template.with({ a: "x", min: 0 }))).rows).toEqual([
      { b: 1 },
      { b: 2 },
    ]);
    expect((await db.executeQuery(template.with({ a: "y", min: 0 }))).rows).toEqual([{ b: 3 }]);
    expect(build).toHaveBeenCalledTimes(1);
    await db.destroy();
  });

  it("keeps the query's own values, and refuses a slot that is not a bound parameter", async () => {
    const db = await open();
    const fixed = new QueryTemplate(["min"], (slots) =>
      db
        .selectFrom("t")
        .select("b")
        .where("a", "=", "x")
        .where("b", ">=", slots.min as unknown as number),
    );
    expect(fixed.with({ min: 2 }).parameters).toEqual(["x", 2]);
    const limit = new QueryTemplate(["n"], (slots) =>
      db.selectFrom("t").select("b").limit(slots.n.length),
    );
    expect(() => limit.with({ n: 1 })).toThrow(/did not become a bound parameter/);
    await db.destroy();
  });
});
