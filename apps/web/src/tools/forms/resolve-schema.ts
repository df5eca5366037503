import { isPlainObject, type JsonSchema } from "./json-schema.js";

/** A schema the form cannot be built from (tools spec §8 'Invalid Tool Schema'). */
export class InvalidSchemaError extends Error {
  override name = "InvalidSchemaError";
}

/** A `$ref` that leads back into itself: the field it sits on gets a JSON editor. */
export class RecursiveSchemaError extends Error {
  override name = "RecursiveSchemaError";
}

/** A conditional part of an object schema, collected from it and from its allOf members. */
export type ConditionalPart =
  | { kind: "if"; test: JsonSchema; whenTrue?: JsonSchema; whenFalse?: JsonSchema }
  | { kind: "oneOf" | "anyOf"; branches: JsonSchema[] };

/** A schema with `$ref` and `allOf` resolved and its conditional parts set apart. */
export interface ResolvedSchema {
  /** The merged keywords, without $ref, allOf, oneOf, anyOf, if, then or else. */
  schema: JsonSchema;
  conditionals: ConditionalPart[];
  /** The `$ref`s expanded to build it; the schemas inside it must not expand them again. */
  refs: string[];
}

/** Where `$ref`s point into, and which ones are being expanded (to stop recursion). */
export interface ResolveContext {
  root: JsonSchema;
  expanding: readonly string[];
}

const structural = new Set(["$ref", "allOf", "oneOf", "anyOf", "if", "then", "else"]);

function decodePointer(segment: string): string {
  return decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
}

/** The schema a local `$ref` ('#', '#/$defs/x', '#/definitions/x', any JSON pointer) names. */
export function lookupRef(root: JsonSchema, ref: string): JsonSchema {
  if (ref !== "#" && !ref.startsWith("#/")) {
    throw new InvalidSchemaError(`Unsupported reference ${ref}: only references inside the schema`);
  }
  let node: unknown = root;
  for (const segment of ref
    .slice(2)
    .split("/")
    .filter((s) => s !== "")) {
    const key = decodePointer(segment);
    node =
      isPlainObject(node) || Array.isArray(node)
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  if (node === true) return {};
  if (!isPlainObject(node)) throw new InvalidSchemaError(`Reference ${ref} points to nothing`);
  return node;
}

/** A schema value as an object: `true` allows anything; anything else but an object is invalid. */
export function asSchema(value: unknown, where: string): JsonSchema {
  if (value === true || value === undefined) return {};
  if (!isPlainObject(value)) throw new InvalidSchemaError(`${where} is not a schema`);
  return value;
}

const tighterMin = ["minimum", "minLength", "minItems", "exclusiveMinimum"];
const tighterMax = ["maximum", "maxLength", "maxItems", "exclusiveMaximum"];

/**
 * Two schemas as one (allOf): properties of the same name are combined (as an allOf of both,
 * resolved when that property is read), required lists joined, bounds kept at the tighter one;
 * for other keywords the first schema's value stands. Neither input is changed.
 */
export function mergeSchemas(first: JsonSchema, second: JsonSchema): JsonSchema {
  const merged: Record<string, unknown> = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const own = merged[key];
    if (own === undefined) merged[key] = value;
    else if (key === "properties" && isPlainObject(own) && isPlainObject(value)) {
      const properties: Record<string, unknown> = { ...own };
      for (const [name, property] of Object.entries(value)) {
        properties[name] =
          properties[name] === undefined ? property : { allOf: [properties[name], property] };
      }
      merged.properties = properties;
    } else if (key === "required" && Array.isArray(own) && Array.isArray(value)) {
      merged.required = [...new Set([...own, ...value])];
    } else if (typeof own === "number" && typeof value === "number") {
      if (tighterMin.includes(key)) merged[key] = Math.max(own, value);
      if (tighterMax.includes(key)) merged[key] = Math.min(own, value);
    }
  }
  return merged;
}

function ownConditionals(schema: JsonSchema, where: string): ConditionalPart[] {
  const parts: ConditionalPart[] = [];
  if (schema.if !== undefined) {
    parts.push({
      kind: "if",
      test: asSchema(schema.if, `${where}.if`),
      ...(schema.then === undefined ? {} : { whenTrue: asSchema(schema.then, `${where}.then`) }),
      ...(schema.else === undefined ? {} : { whenFalse: asSchema(schema.else, `${where}.else`) }),
    });
  }
  for (const kind of ["oneOf", "anyOf"] as const) {
    const list = schema[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) {
      throw new InvalidSchemaError(`${where}.${kind} must be a non-empty list of schemas`);
    }
    parts.push({
      kind,
      branches: list.map((branch, i) => asSchema(branch, `${where}.${kind}[${i}]`)),
    });
  }
  return parts;
}

/**
 * Resolves a schema's `$ref` (merged with its sibling keywords) and `allOf` (merged into one
 * schema), and sets apart its conditional parts (if/then/else, oneOf, anyOf, also those of allOf
 * members). A `$ref` already being expanded throws RecursiveSchemaError; one pointing nowhere, or
 * a malformed keyword, throws InvalidSchemaError. Returns new objects; the input is not changed.
 */
export function resolveSchema(
  value: unknown,
  context: ResolveContext,
  where = "schema",
): ResolvedSchema {
  const schema = asSchema(value, where);
  let base: JsonSchema = Object.fromEntries(
    Object.entries(schema).filter(([key]) => !structural.has(key)),
  );
  const conditionals = ownConditionals(schema, where);
  const members: ResolvedSchema[] = [];
  const refs: string[] = [];
  if (schema.$ref !== undefined) {
    if (typeof schema.$ref !== "string")
      throw new InvalidSchemaError(`${where}.$ref is not a string`);
    if (context.expanding.includes(schema.$ref)) {
      throw new RecursiveSchemaError(`${schema.$ref} refers to itself`);
    }
    const target = lookupRef(context.root, schema.$ref);
    refs.push(schema.$ref);
    members.push(
      resolveSchema(
        target,
        { ...context, expanding: [...context.expanding, schema.$ref] },
        schema.$ref,
      ),
    );
  }
  if (schema.allOf !== undefined) {
    if (!Array.isArray(schema.allOf)) throw new InvalidSchemaError(`${where}.allOf is not a list`);
    schema.allOf.forEach((member, i) => {
      members.push(resolveSchema(member, context, `${where}.allOf[${i}]`));
    });
  }
  for (const member of members) {
    base = mergeSchemas(base, member.schema);
    conditionals.push(...member.conditionals);
    refs.push(...member.refs);
  }
  return { schema: base, conditionals, refs };
}
