import { describe, expect, it } from "vitest";
import {
  filterOrder,
  nextSort,
  reverseOrder,
  rowSearchText,
  sortAscending,
  sortKey,
  TableRowIndex,
} from "./table-rows.js";

describe("sortKey", () => {
  it("keys numbers, numeric text, text, booleans and empties", () => {
    expect(sortKey(3)).toBe(3);
    expect(sortKey("12")).toBe(12);
    expect(sortKey("-1.5")).toBe(-1.5);
    expect(sortKey("Banana")).toBe("banana");
    expect(sortKey(true)).toBe(1);
    expect(sortKey("")).toBeNull();
    expect(sortKey(null)).toBeNull();
    expect(sortKey(undefined)).toBeNull();
    expect(sortKey(Number.NaN)).toBeNull();
    expect(sortKey({ A: 1 })).toBe('{"a":1}');
  });
});

describe("sorting", () => {
  const keys = ["b", 10, null, "a", 2, "b", 10];

  it("sorts ascending: numbers, then text, ties in row order, empties last", () => {
    expect([...sortAscending(keys)]).toEqual([4, 1, 6, 3, 0, 5, 2]);
  });

  it("reverses without a second sort, keeping ties in row order and empties last", () => {
    expect([...reverseOrder(sortAscending(keys), keys)]).toEqual([0, 5, 3, 1, 6, 4, 2]);
  });

  it("compares numeric strings as numbers", () => {
    const k = ["9", "10", "2"].map(sortKey);
    expect([...sortAscending(k)]).toEqual([2, 0, 1]);
  });
});

describe("TableRowIndex", () => {
  const rows = [
    { name: "Carol", age: 41 },
    { name: "alice", age: 30 },
    { name: "Bob", age: null },
  ];
  const index = new TableRowIndex(rows, ["name", "age"]);

  it("keeps row order without a sort", () => {
    expect([...index.order(null)]).toEqual([0, 1, 2]);
  });

  it("orders by a column in both directions and caches the result", () => {
    expect([...index.order({ column: "name", direction: "asc" })]).toEqual([1, 2, 0]);
    expect([...index.order({ column: "name", direction: "desc" })]).toEqual([0, 2, 1]);
    expect([...index.order({ column: "age", direction: "desc" })]).toEqual([0, 1, 2]);
    const first = index.order({ column: "age", direction: "asc" });
    expect(index.order({ column: "age", direction: "asc" })).toBe(first);
  });

  it("prepares keys and texts up front", () => {
    const fresh = new TableRowIndex(rows, ["name"]);
    expect(fresh.prepare(["name"], true)).toBe(fresh);
    expect(fresh.texts()[1]).toBe("alice\u0001");
  });

  it("builds the search texts once", () => {
    expect(index.texts()).toBe(index.texts());
    expect(index.texts()[0]).toBe("carol\u000141\u0001");
  });
});

describe("search", () => {
  it("joins a row's shown values in lowercase", () => {
    expect(rowSearchText({ a: "X", b: 2, c: null, d: { e: 1 } }, ["a", "b", "c", "d"])).toBe(
      'x\u00012\u0001{"e":1}\u0001',
    );
    expect(rowSearchText({ hidden: "y" }, ["a"])).toBe("");
  });

  it("keeps the order's rows that contain the query", () => {
    const texts = ["apple\u0001", "banana\u0001", "grape\u0001"];
    const order = Int32Array.from([2, 1, 0]);
    expect([...filterOrder(order, texts, "AP")]).toEqual([2, 0]);
    expect(filterOrder(order, texts, "  ")).toBe(order);
    expect([...filterOrder(order, texts, "kiwi")]).toEqual([]);
  });

  it("does not match across column boundaries", () => {
    const texts = [rowSearchText({ a: "ab", b: "cd" }, ["a", "b"])];
    expect([...filterOrder(Int32Array.from([0]), texts, "bc")]).toEqual([]);
  });
});

describe("nextSort", () => {
  it("starts ascending and toggles on the same column", () => {
    const first = nextSort(null, "a");
    expect(first).toEqual({ column: "a", direction: "asc" });
    const second = nextSort(first, "a");
    expect(second).toEqual({ column: "a", direction: "desc" });
    expect(nextSort(second, "a")).toEqual({ column: "a", direction: "asc" });
    expect(nextSort(second, "b")).toEqual({ column: "b", direction: "asc" });
  });
});
