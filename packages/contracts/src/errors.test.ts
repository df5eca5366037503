import { describe, expect, it } from "vitest";
import { errorCodes, errorEnvelopeSchema, errorStatus } from "./errors.js";

describe("error codes", () => {
  it("maps every code to a 4xx or 5xx status", () => {
    for (const code of errorCodes) {
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code]).toBeLessThan(600);
    }
  });

  it("uses snake_case codes", () => {
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("accepts a known envelope and rejects an unknown code", () => {
    expect(errorEnvelopeSchema.parse({ error: "not_found", message: "x" })).toEqual({
      error: "not_found",
      message: "x",
    });
    expect(errorEnvelopeSchema.safeParse({ error: "teapot", message: "x" }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ error: "not_found" }).success).toBe(false);
  });
});
