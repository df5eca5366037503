import { type Schema, Validator } from "@cfworker/json-schema";
import type { JsonSchema } from "./json-schema.js";

/** One problem a full validation found, at a dotted path ('' for the whole value). */
export interface SchemaProblem {
  path: string;
  message: string;
  /** The JSON Schema keyword that failed ('format', 'multipleOf' …). */
  keyword?: string;
}

// One validator per schema object: conditions are tested on every keystroke.
const validators = new WeakMap<JsonSchema, Validator>();

function validatorOf(schema: JsonSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    // @cfworker/json-schema interprets schemas (no code generation, allowed by our CSP), but
    // writes bookkeeping into the schema it is given: it gets a copy, the tool's stays untouched.
    validator = new Validator(structuredClone(schema) as Schema, "2020-12", false);
    validators.set(schema, validator);
  }
  return validator;
}

/** Whether a value satisfies a schema (an `if` condition, a union branch). */
export function matchesSchema(schema: JsonSchema, value: unknown): boolean {
  try {
    return validatorOf(schema).validate(value).valid;
  } catch {
    return false;
  }
}

function dottedPath(instanceLocation: string): string {
  return instanceLocation
    .replace(/^#\/?/, "")
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");
}

// Keywords whose errors only say that a sub-schema failed; the sub-schema's own error is clearer.
const summaries = new Set([
  "properties",
  "items",
  "allOf",
  "$ref",
  "if",
  "then",
  "else",
  "additionalProperties",
  "prefixItems",
  "unevaluatedProperties",
]);

/**
 * Validates a whole value against a schema with every keyword of JSON Schema 2020-12 (formats,
 * multipleOf, uniqueItems, nested shapes...), one problem per path, deepest first.
 */
export function validateAgainstSchema(schema: JsonSchema, value: unknown): SchemaProblem[] {
  let errors: { instanceLocation: string; keyword: string; error: string }[];
  try {
    errors = validatorOf(schema).validate(value).errors;
  } catch (error) {
    return [{ path: "", message: error instanceof Error ? error.message : String(error) }];
  }
  const byPath = new Map<string, { message: string; keyword: string }>();
  for (const error of errors) {
    if (summaries.has(error.keyword)) continue;
    const path = dottedPath(error.instanceLocation);
    if (!byPath.has(path)) byPath.set(path, { message: error.error, keyword: error.keyword });
  }
  if (byPath.size === 0 && errors[0])
    byPath.set(dottedPath(errors[0].instanceLocation), {
      message: errors[0].error,
      keyword: errors[0].keyword,
    });
  return [...byPath].map(([path, { message, keyword }]) => ({ path, message, keyword }));
}
