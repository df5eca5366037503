import { describe, expect, it } from "vitest";
import { containerSummary, isContainer, jsonEntries, leafColor, leafText } from "./json-tree.js";

describe("json tree helpers", () => {
  it("lists entries of arrays and objects", () => {
    expect(jsonEntries(["a", "b"])).toEqual([
      ["0", "a"],
      ["1", "b"],
    ]);
    expect(jsonEntries({ x: 1 })).toEqual([["x", 1]]);
    expect(jsonEntries(3)).toEqual([]);
    expect(jsonEntries(null)).toEqual([]);
  });

  it("knows containers and summarises them", () => {
    expect(isContainer({})).toBe(true);
    expect(isContainer([])).toBe(true);
    expect(isContainer(null)).toBe(false);
    expect(containerSummary([1])).toBe("[1 item]");
    expect(containerSummary([1, 2])).toBe("[2 items]");
    expect(containerSummary({ a: 1 })).toBe("{1 key}");
    expect(containerSummary({})).toBe("{0 keys}");
  });

  it("formats and colours leaves", () => {
    expect(leafText("a")).toBe('"a"');
    expect(leafText(1.5)).toBe("1.5");
    expect(leafText(null)).toBe("null");
    expect(leafText(undefined)).toBe("undefined");
    expect(leafColor("a")).toBe("text-green-300");
    expect(leafColor(1)).toBe("text-blue-300");
    expect(leafColor(true)).toBe("text-primary-300");
    expect(leafColor(null)).toBe("text-neutral-500");
  });
});
