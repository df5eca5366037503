/** A JSON schema object as a tool declares it (read only: the compiler never writes into it). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The JSON types a field can take. */
export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

const jsonTypes = new Set<string>([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);

/** Whether a value is a plain JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The JSON type of a value. */
export function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "object") return "object";
  return "string";
}

/**
 * The type a field takes (tools spec §3): the first non-null entry of `type` (a string or a
 * list); without one, what the schema's other keywords imply; otherwise string.
 */
export function schemaType(schema: JsonSchema): JsonType {
  const declared = Array.isArray(schema.type) ? schema.type : [schema.type];
  const first = declared.find(
    (entry): entry is JsonType =>
      typeof entry === "string" && entry !== "null" && jsonTypes.has(entry),
  );
  if (first) return first;
  if (declared.includes("null") && declared.length === 1) return "null";
  if (isPlainObject(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return typeOfValue(schema.enum[0]);
  if ("const" in schema) return typeOfValue(schema.const);
  return "string";
}

/** Whether the schema lets the value be null (a type list naming null, or nullable: true). */
export function isNullable(schema: JsonSchema): boolean {
  return (Array.isArray(schema.type) && schema.type.includes("null")) || schema.nullable === true;
}

/** A number keyword of the schema, if it is a finite number. */
export function numberKeyword(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A string keyword of the schema, if it is a non-empty string. */
export function stringKeyword(schema: JsonSchema, key: string): string | undefined {
  const value = schema[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The schema's allowed values: `enum`, or `const` as a one-value list. */
export function allowedValues(schema: JsonSchema): readonly unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ("const" in schema) return [schema.const];
  return undefined;
}

/** Structural equality of two JSON values (object keys in any order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
    );
  }
  return false;
}
