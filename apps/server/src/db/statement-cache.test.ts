import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.js";

describe("withStatementCache", () => {
  it("reuses a statement per SQL text and keeps answering after a schema change", () => {
    const db = withStatementCache(new SqliteDatabase(":memory:"));
    db.prepare("create table t (a integer)").run([]);
    db.prepare("insert into t (a) values (?)").run([1]);
    const select = db.prepare("select * from t");
    expect(db.prepare("select * from t")).toBe(select);
    expect(select.all([])).toEqual([{ a: 1 }]);
    db.prepare("alter table t add column b text").run([]);
    expect(db.prepare("select * from t").all([])).toEqual([{ a: 1, b: null }]);
    db.close();
  });

  it("keeps at most maxStatements, dropping the least recently used", () => {
    const db = withStatementCache(new SqliteDatabase(":memory:"), 2);
    const one = db.prepare("select 1");
    const two = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(one); // select 2 is now the least recently used
    db.prepare("select 3");
    expect(db.size).toBe(2);
    expect(db.prepare("select 1")).toBe(one);
    expect(db.prepare("select 2")).not.toBe(two);
    db.close();
  });

  it("never hands out a statement that is still being iterated", () => {
    const db = withStatementCache(new SqliteDatabase(":memory:"));
    const sql = "select value from json_each('[1,2,3]')";
    const rows = db.prepare(sql).iterate([]);
    rows.next();
    const again = db.prepare(sql);
    expect(again.all([])).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    expect([...rows]).toEqual([{ value: 2 }, { value: 3 }]);
    db.close();
  });
});
