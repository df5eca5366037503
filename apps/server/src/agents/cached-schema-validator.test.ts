import { describe, expect, it } from "vitest";
import { CachedSchemaValidator } from "./cached-schema-validator.js";

const rowsSchema = {
  type: "object",
  properties: { rows: { type: "array", items: { type: "number" } } },
  required: ["rows"],
} as const;

describe("CachedSchemaValidator", () => {
  it("validates like the MCP client's Ajv validator", () => {
    const validate = new CachedSchemaValidator().getValidator<{ rows: number[] }>(rowsSchema);

    expect(validate({ rows: [1, 2] })).toEqual({
      valid: true,
      data: { rows: [1, 2] },
      errorMessage: undefined,
    });
    const refused = validate({ rows: ["x"] });
    expect(refused.valid).toBe(false);
    expect(refused.errorMessage).toContain("must be number");
  });

  it("compiles a schema once, whatever object it comes in", () => {
    const cache = new CachedSchemaValidator();
    const first = cache.getValidator(rowsSchema);

    expect(cache.getValidator(structuredClone(rowsSchema))).toBe(first);
    expect(cache.getValidator({ ...rowsSchema, required: [] })).not.toBe(first);
  });

  it("keeps schemas that share an $id apart", () => {
    const cache = new CachedSchemaValidator();
    const numbers = cache.getValidator({ $id: "https://example.com/result.json", type: "number" });
    const strings = cache.getValidator({ $id: "https://example.com/result.json", type: "string" });

    expect(numbers(1).valid).toBe(true);
    expect(strings("a").valid).toBe(true);
    expect(strings(1).valid).toBe(false);
  });

  it("keeps at most its limit of schemas, and still validates past it", () => {
    const cache = new CachedSchemaValidator(2);
    const first = cache.getValidator({ type: "number", minimum: 0 });
    cache.getValidator({ type: "number", minimum: 1 });
    cache.getValidator({ type: "number", minimum: 2 });

    const again = cache.getValidator({ type: "number", minimum: 0 });
    expect(again).not.toBe(first);
    expect(again(-1).valid).toBe(false);
    expect(cache.getValidator({ type: "number", minimum: 3 })(3).valid).toBe(true);
  });
});
