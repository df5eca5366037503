import { describe, expect, it } from "vitest";
import { AjvJsonSchemaValidator, noDefaultValidatorMessage } from "./no-ajv-validator.js";

describe("the web build's stand-in for the MCP SDK's Ajv validator", () => {
  it("can be constructed (the client does so) but refuses to validate", () => {
    const validator = new AjvJsonSchemaValidator();
    expect(() => validator.getValidator({ type: "object" })).toThrow(noDefaultValidatorMessage);
  });
});
