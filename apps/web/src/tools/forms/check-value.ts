import {
  allowedValues,
  isNullable,
  isPlainObject,
  type JsonSchema,
  type JsonType,
  jsonEqual,
  numberKeyword,
  schemaType,
  stringKeyword,
} from "./json-schema.js";

/** The validation messages of tools spec §5, exactly. */
export const fieldMessages = {
  required: "This field is required",
  oneOf: (values: readonly unknown[]) => `Must be one of: ${values.map(show).join(", ")}`,
  string: "Must be a string",
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  pattern: "Invalid format",
  number: "Must be a number",
  validNumber: "Must be a valid number",
  integer: "Must be an integer",
  minimum: (n: number) => `Must be at least ${n}`,
  maximum: (n: number) => `Must be at most ${n}`,
  boolean: "Must be true or false",
  object: "Must be an object",
  array: "Must be an array",
  minItems: (n: number) => `Must have at least ${n} items`,
  maxItems: (n: number) => `Must have at most ${n} items`,
  itemsOneOf: (values: readonly unknown[]) =>
    `All items must be one of: ${values.map(show).join(", ")}`,
} as const;

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

const numeric = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const nonFinite = new Set(["NaN", "Infinity", "+Infinity", "-Infinity"]);

/**
 * Tools spec §5 coercion, before checking: a numeric string becomes a number for number and
 * integer fields ('NaN' and 'Infinity' too, so that they fail as not valid numbers), and
 * 'true'/'1' and 'false'/'0' become booleans for boolean fields. Anything else is unchanged.
 */
export function coerceValue(type: JsonType, value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (type === "number" || type === "integer") {
    return numeric.test(text) || nonFinite.has(text) ? Number(text) : value;
  }
  if (type === "boolean") {
    if (text === "true" || text === "1") return true;
    if (text === "false" || text === "0") return false;
  }
  return value;
}

// The pattern is compiled by the RegExp constructor: no code generation (our CSP forbids it).
const patterns = new Map<string, RegExp | null>();
function patternOf(source: string): RegExp | null {
  if (!patterns.has(source)) {
    let compiled: RegExp | null = null;
    try {
      compiled = new RegExp(source, "u");
    } catch {
      // A pattern this browser cannot read is left to the server to check.
    }
    patterns.set(source, compiled);
  }
  return patterns.get(source) ?? null;
}

function checkString(schema: JsonSchema, value: unknown): string | undefined {
  if (typeof value !== "string") return fieldMessages.string;
  const length = [...value].length;
  const min = numberKeyword(schema, "minLength");
  const max = numberKeyword(schema, "maxLength");
  if (min !== undefined && length < min) return fieldMessages.minLength(min);
  if (max !== undefined && length > max) return fieldMessages.maxLength(max);
  const source = stringKeyword(schema, "pattern");
  const pattern = source === undefined ? null : patternOf(source);
  if (pattern && !pattern.test(value)) return fieldMessages.pattern;
  return undefined;
}

function checkNumber(schema: JsonSchema, value: unknown, integer: boolean): string | undefined {
  if (typeof value !== "number") return fieldMessages.number;
  if (!Number.isFinite(value)) return fieldMessages.validNumber;
  if (integer && !Number.isInteger(value)) return fieldMessages.integer;
  const min = numberKeyword(schema, "minimum");
  const max = numberKeyword(schema, "maximum");
  if (min !== undefined && value < min) return fieldMessages.minimum(min);
  if (max !== undefined && value > max) return fieldMessages.maximum(max);
  return undefined;
}

function checkArray(schema: JsonSchema, value: unknown): string | undefined {
  if (!Array.isArray(value)) return fieldMessages.array;
  const min = numberKeyword(schema, "minItems");
  const max = numberKeyword(schema, "maxItems");
  if (min !== undefined && value.length < min) return fieldMessages.minItems(min);
  if (max !== undefined && value.length > max) return fieldMessages.maxItems(max);
  const items = isPlainObject(schema.items) ? allowedValues(schema.items) : undefined;
  if (items && !value.every((item) => items.some((allowed) => jsonEqual(allowed, item)))) {
    return fieldMessages.itemsOneOf(items);
  }
  return undefined;
}

/**
 * The tools spec §5 message for a value (already coerced) that breaks the keywords the spec
 * reads (type, enum/const, minLength, maxLength, pattern, minimum, maximum, minItems, maxItems,
 * item enums), or undefined when it keeps them. The schema must be resolved ($ref, allOf).
 */
export function checkValue(schema: JsonSchema, value: unknown): string | undefined {
  if (value === null && isNullable(schema)) return undefined;
  const type = schemaType(schema);
  let message: string | undefined;
  if (type === "string") message = checkString(schema, value);
  else if (type === "number" || type === "integer")
    message = checkNumber(schema, value, type === "integer");
  else if (type === "boolean")
    message = typeof value === "boolean" ? undefined : fieldMessages.boolean;
  else if (type === "object") message = isPlainObject(value) ? undefined : fieldMessages.object;
  else if (type === "array") message = checkArray(schema, value);
  if (message) return message;
  const allowed = allowedValues(schema);
  if (allowed && !allowed.some((entry) => jsonEqual(entry, value)))
    return fieldMessages.oneOf(allowed);
  return undefined;
}
