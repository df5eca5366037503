import { describe, expect, it } from "vitest";
import { hasOnlySimpleValues, isSimpleValue } from "./simple-values.js";

describe("isSimpleValue", () => {
  it("accepts strings, numbers, booleans and null", () => {
    for (const value of ["", "a", 0, 1.5, true, false, null])
      expect(isSimpleValue(value)).toBe(true);
  });

  it("rejects objects, arrays, undefined and functions", () => {
    for (const value of [{}, [], [1], undefined, () => 1]) expect(isSimpleValue(value)).toBe(false);
  });
});

describe("hasOnlySimpleValues", () => {
  it("is true for flat objects (and the empty object)", () => {
    expect(hasOnlySimpleValues({ a: 1, b: "x", c: null, d: false })).toBe(true);
    expect(hasOnlySimpleValues({})).toBe(true);
  });

  it("is false as soon as one value is nested", () => {
    expect(hasOnlySimpleValues({ a: 1, b: { c: 2 } })).toBe(false);
    expect(hasOnlySimpleValues({ list: [1, 2] })).toBe(false);
  });
});
