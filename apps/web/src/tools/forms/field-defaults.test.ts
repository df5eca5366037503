import { describe, expect, it } from "vitest";
import { deriveDefault, requiredFieldsSatisfied } from "./field-defaults.js";

describe("deriveDefault (tools spec §3)", () => {
  it.each([
    ["an explicit default wins", { type: "string", enum: ["a", "b"], default: "b" }, "b"],
    ["a string with an enum takes the first value", { type: "string", enum: ["x", "y"] }, "x"],
    ["a number takes its minimum", { type: "number", minimum: 2.5 }, 2.5],
    ["an integer takes its minimum", { type: "integer", minimum: 1 }, 1],
    ["a number without minimum has none", { type: "number" }, undefined],
    ["a boolean has none", { type: "boolean" }, undefined],
    ["an array without default has none", { type: "array", items: { type: "string" } }, undefined],
    ["a plain string has none", { type: "string" }, undefined],
    [
      "an object gets only the properties that have one",
      { type: "object", properties: { a: { type: "integer", minimum: 3 }, b: { type: "string" } } },
      { a: 3 },
    ],
    ["a type list reads its first non-null type", { type: ["null", "integer"], minimum: 4 }, 4],
  ])("%s", (_name, schema, value) => {
    expect(deriveDefault(schema)).toEqual(value);
  });

  it("follows $ref into $defs", () => {
    const schema = {
      $defs: { L: { type: "integer", minimum: 10 } },
      type: "object",
      properties: { n: { $ref: "#/$defs/L" } },
    };
    expect(deriveDefault(schema)).toEqual({ n: 10 });
  });
});

describe("requiredFieldsSatisfied (tools spec §3)", () => {
  it.each([
    ["no required list", { type: "object", properties: { a: { type: "string" } } }, true],
    ["required fields without properties", { type: "object", required: ["a"] }, false],
    [
      "each required field has a default",
      {
        type: "object",
        required: ["a", "b"],
        properties: { a: { default: 1 }, b: { type: "string", enum: ["x"] } },
      },
      true,
    ],
    [
      "a required field without default",
      {
        type: "object",
        required: ["a", "b"],
        properties: { a: { default: 1 }, b: { type: "string" } },
      },
      false,
    ],
    ["an empty schema", {}, true],
  ])("%s → %s", (_name, schema, satisfied) => {
    expect(requiredFieldsSatisfied(schema)).toBe(satisfied);
  });
});
