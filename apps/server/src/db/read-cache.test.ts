import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { ReadCache } from "./read-cache.js";

const query = (sql: string, ...parameters: unknown[]) =>
  ReadCache.keyOf(CompiledQuery.raw(sql, parameters));

describe("ReadCache", () => {
  it("keeps answers by SQL and parameters, frozen, until cleared", () => {
    const cache = new ReadCache();
    const rows = [{ id: "c1" }];
    cache.set(query("select * from contexts where user_id = ?", "u1"), rows);
    expect(cache.get(query("select * from contexts where user_id = ?", "u1"))).toBe(rows);
    expect(cache.get(query("select * from contexts where user_id = ?", "u2"))).toBeUndefined();
    expect(cache.get(query("select id from contexts where user_id = ?", "u1"))).toBeUndefined();
    expect(Object.isFrozen(rows)).toBe(true);
    expect(Object.isFrozen(rows[0])).toBe(true);
    cache.clear();
    expect(cache.get(query("select * from contexts where user_id = ?", "u1"))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("holds at most maxEntries answers", () => {
    const cache = new ReadCache(3);
    for (let i = 0; i < 10; i += 1) {
      cache.set(query("select ?", i), [{ i }]);
      expect(cache.size).toBeLessThanOrEqual(3);
    }
    expect(cache.get(query("select ?", 9))).toEqual([{ i: 9 }]);
  });

  it("does not mistake parameters that print alike in SQL for each other", () => {
    const cache = new ReadCache();
    cache.set(query("select ?", 1), [{ n: "number" }]);
    cache.set(query("select ?", "1"), [{ n: "string" }]);
    expect(cache.get(query("select ?", 1))).toEqual([{ n: "number" }]);
    expect(cache.get(query("select ?", "1"))).toEqual([{ n: "string" }]);
  });
});
