import type {
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation/types.js";

/** Why the MCP client in the browser has no default schema validator. */
export const noDefaultValidatorMessage =
  "The MCP client here has no default JSON Schema validator: pass jsonSchemaValidator";

/**
 * Stands in for the MCP SDK's Ajv validator in the web build (see vite.config.ts). Ajv compiles
 * schemas with `new Function`, which our CSP forbids, and weighs about 40 KB gzipped; our browser
 * sessions either pass their own validator (tool listing) or never validate (calls made without
 * listing first). Using it anyway fails loudly rather than silently accepting everything.
 */
export class AjvJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(_schema: unknown): JsonSchemaValidator<T> {
    throw new Error(noDefaultValidatorMessage);
  }
}
