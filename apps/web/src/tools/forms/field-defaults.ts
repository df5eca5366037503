import { isPlainObject, type JsonSchema, numberKeyword, schemaType } from "./json-schema.js";
import { type ResolveContext, resolveSchema } from "./resolve-schema.js";

/**
 * The default value a schema gives (tools spec §3 "Default derivation"): an explicit default
 * wins; a string with an enum takes the first enum value; a number or integer takes its minimum;
 * an object gets defaults only for the properties that have one; anything else gives none
 * (undefined). `$ref` and `allOf` are resolved first.
 */
export function deriveDefault(value: unknown, root: JsonSchema = asRoot(value)): unknown {
  return derive(value, { root, expanding: [] });
}

function asRoot(value: unknown): JsonSchema {
  return isPlainObject(value) ? value : {};
}

function derive(value: unknown, context: ResolveContext): unknown {
  let resolved: ReturnType<typeof resolveSchema>;
  try {
    resolved = resolveSchema(value, context);
  } catch {
    return undefined;
  }
  const { schema } = resolved;
  if (schema.default !== undefined) return schema.default;
  const type = schemaType(schema);
  if (type === "string" && Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum[0];
  }
  if (type === "number" || type === "integer") return numberKeyword(schema, "minimum");
  if (type !== "object" || !isPlainObject(schema.properties)) return undefined;
  const inner = { ...context, expanding: [...context.expanding, ...resolved.refs] };
  const defaults: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const own = derive(property, inner);
    if (own !== undefined) defaults[name] = own;
  }
  return defaults;
}

/**
 * Tools spec §3: whether a schema's required fields are satisfied by defaults alone. No
 * required list: satisfied. A required list without properties: not. Otherwise each required
 * property must have a default.
 */
export function requiredFieldsSatisfied(value: unknown): boolean {
  const root = asRoot(value);
  let schema: JsonSchema;
  try {
    schema = resolveSchema(value, { root, expanding: [] }).schema;
  } catch {
    return false;
  }
  if (!Array.isArray(schema.required)) return true;
  if (!isPlainObject(schema.properties)) return false;
  const defaults = deriveDefault(schema, root);
  const given = isPlainObject(defaults) ? defaults : {};
  return schema.required.every((name) => typeof name === "string" && given[name] !== undefined);
}
