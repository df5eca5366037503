import { describe, expect, it } from "vitest";
import { checkValue, coerceValue, fieldMessages } from "./check-value.js";

describe("checkValue: every message of tools spec §5, exactly", () => {
  const cases: [string, Record<string, unknown>, unknown, string | undefined][] = [
    ["enum mismatch", { type: "string", enum: ["a", "b"] }, "c", "Must be one of: a, b"],
    ["enum of numbers", { type: "integer", enum: [1, 2] }, 3, "Must be one of: 1, 2"],
    ["const", { const: "x" }, "y", "Must be one of: x"],
    ["string type", { type: "string" }, 5, "Must be a string"],
    ["minLength", { type: "string", minLength: 3 }, "ab", "Must be at least 3 characters"],
    ["maxLength", { type: "string", maxLength: 2 }, "abc", "Must be at most 2 characters"],
    [
      "length counts characters, not UTF-16 units",
      { type: "string", maxLength: 2 },
      "😀😀",
      undefined,
    ],
    ["pattern", { type: "string", pattern: "^[a-z]+$" }, "A1", "Invalid format"],
    ["pattern kept", { type: "string", pattern: "^[a-z]+$" }, "abc", undefined],
    ["number type", { type: "number" }, "abc", "Must be a number"],
    ["not a valid number", { type: "number" }, Number.POSITIVE_INFINITY, "Must be a valid number"],
    ["NaN", { type: "number" }, Number.NaN, "Must be a valid number"],
    ["integer", { type: "integer" }, 1.5, "Must be an integer"],
    ["minimum", { type: "number", minimum: 2 }, 1, "Must be at least 2"],
    ["maximum", { type: "integer", maximum: 10 }, 11, "Must be at most 10"],
    ["in range", { type: "integer", minimum: 1, maximum: 10 }, 10, undefined],
    ["boolean", { type: "boolean" }, "yes", "Must be true or false"],
    ["object", { type: "object" }, [1], "Must be an object"],
    ["array type", { type: "array" }, { a: 1 }, "Must be an array"],
    ["minItems", { type: "array", minItems: 2 }, [1], "Must have at least 2 items"],
    ["maxItems", { type: "array", maxItems: 1 }, [1, 2], "Must have at most 1 items"],
    [
      "item enum",
      { type: "array", items: { enum: ["red", "green"] } },
      ["red", "blue"],
      "All items must be one of: red, green",
    ],
    ["nullable via type list", { type: ["null", "string"] }, null, undefined],
    ["type list: first non-null", { type: ["null", "integer"] }, 1.5, "Must be an integer"],
    ["no type: string", {}, 1, "Must be a string"],
  ];
  it.each(cases)("%s", (_name, schema, value, message) => {
    expect(checkValue(schema, value)).toBe(message);
  });

  it("names the messages as the spec writes them", () => {
    expect(fieldMessages.required).toBe("This field is required");
    expect(fieldMessages.minItems(3)).toBe("Must have at least 3 items");
  });
});

describe("coerceValue (tools spec §5)", () => {
  it.each([
    ["number", "42", 42],
    ["number", " -1.5e2 ", -150],
    ["integer", "7", 7],
    ["number", "12abc", "12abc"],
    ["number", "Infinity", Number.POSITIVE_INFINITY],
    ["boolean", "true", true],
    ["boolean", "1", true],
    ["boolean", "false", false],
    ["boolean", "0", false],
    ["boolean", "yes", "yes"],
    ["string", "42", "42"],
  ] as const)("%s from %j", (type, raw, value) => {
    expect(coerceValue(type, raw)).toEqual(value);
  });

  it("coerced numeric strings then pass their checks; others fail with the spec's text", () => {
    expect(
      checkValue({ type: "integer", minimum: 1 }, coerceValue("integer", "3")),
    ).toBeUndefined();
    expect(checkValue({ type: "integer" }, coerceValue("integer", "three"))).toBe(
      "Must be a number",
    );
    expect(checkValue({ type: "number" }, coerceValue("number", "1e999"))).toBe(
      "Must be a valid number",
    );
    expect(checkValue({ type: "boolean" }, coerceValue("boolean", "1"))).toBeUndefined();
  });
});
