import { compileField, optionKey } from "./compile-field.js";
import { fieldLabel } from "./field-label.js";
import type {
  CompiledConditional,
  FieldModel,
  FormModel,
  ObjectModel,
  UnionBranch,
} from "./field-model.js";
import { allowedValues, isPlainObject, type JsonSchema, schemaType } from "./json-schema.js";
import {
  type ConditionalPart,
  InvalidSchemaError,
  type ResolveContext,
  type ResolvedSchema,
  resolveSchema,
} from "./resolve-schema.js";

/** Tools spec §8: the panel shown for a schema the form cannot be built from. */
export const invalidToolSchemaTitle = "Invalid Tool Schema";

function propertiesOf(schema: JsonSchema): Record<string, unknown> {
  return isPlainObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === "string")
    : [];
}

/** The value a branch fixes its discriminator property to (const, or a one-value enum). */
function fixedValue(branch: ResolvedSchema, key: string): { value: unknown } | undefined {
  const property = propertiesOf(branch.schema)[key];
  if (!isPlainObject(property)) return undefined;
  const allowed = allowedValues(property);
  return allowed?.length === 1 ? { value: allowed[0] } : undefined;
}

/**
 * The discriminator of a union: a property every branch fixes to its own distinct value (a
 * const-discriminated union), if there is one.
 */
export function findDiscriminator(branches: readonly ResolvedSchema[]): string | undefined {
  const [first] = branches;
  if (!first) return undefined;
  return Object.keys(propertiesOf(first.schema)).find((key) => {
    const values = branches.map((branch) => fixedValue(branch, key));
    if (values.some((v) => v === undefined)) return false;
    const keys = values.map((v) => optionKey(v?.value));
    return new Set(keys).size === keys.length;
  });
}

function withDefinitions(test: JsonSchema, root: JsonSchema): JsonSchema {
  return {
    ...test,
    ...(root.$defs === undefined ? {} : { $defs: root.$defs }),
    ...(root.definitions === undefined ? {} : { definitions: root.definitions }),
  };
}

function branchSchema(resolved: ResolvedSchema, without?: string): ResolvedSchema {
  if (without === undefined) return resolved;
  const properties = { ...propertiesOf(resolved.schema) };
  delete properties[without];
  // The chooser stands for the discriminator and is always required.
  const required = requiredOf(resolved.schema).filter((name) => name !== without);
  return { ...resolved, schema: { ...resolved.schema, properties, required } };
}

/** Property names a conditional part's branches declare. */
function declaredByParts(parts: readonly ConditionalPart[]): Set<string> {
  const names = new Set<string>();
  const add = (schema: JsonSchema | undefined) => {
    for (const name of Object.keys(schema ? propertiesOf(schema) : {})) names.add(name);
  };
  for (const part of parts) {
    if (part.kind === "if") [part.whenTrue, part.whenFalse].forEach(add);
    else part.branches.forEach(add);
  }
  return names;
}

/** Shown under a field the schema requires but does not describe. */
export const undescribedNote = "the schema requires it but does not describe it";

/**
 * Fields for names the schema requires but declares nowhere (`required: ["x"]`, no properties):
 * any JSON value, required. Without them the form would say the tool takes no parameters and
 * then refuse to run for a property it never showed.
 */
function undescribedFields(
  resolved: ResolvedSchema,
  path: string,
  declared: Record<string, unknown>,
): FieldModel[] {
  const elsewhere = declaredByParts(resolved.conditionals);
  return requiredOf(resolved.schema)
    .filter((key) => declared[key] === undefined && !elsewhere.has(key))
    .map((key) => ({
      name: path ? `${path}.${key}` : key,
      key,
      label: fieldLabel(key),
      kind: "json",
      type: "object",
      schema: {},
      required: true,
      discriminator: false,
      virtual: false,
      note: undescribedNote,
    }));
}

/** Branch labels: their titles, else the discriminator's value, else 'Option n'. */
function branchLabel(branch: ResolvedSchema, index: number, fixed?: unknown): string {
  if (typeof branch.schema.title === "string" && branch.schema.title !== "")
    return branch.schema.title;
  if (fixed !== undefined) return optionKey(fixed);
  return `Option ${index + 1}`;
}

function compileUnion(
  part: Extract<ConditionalPart, { branches: JsonSchema[] }>,
  index: number,
  base: ResolvedSchema,
  path: string,
  context: ResolveContext,
): CompiledConditional {
  const resolved = part.branches.map((branch, i) =>
    resolveSchema(branch, context, `${path || "schema"}.${part.kind}[${i}]`),
  );
  const key = findDiscriminator(resolved);
  const branches: UnionBranch[] = resolved.map((branch, i) => {
    const fixed = key === undefined ? undefined : fixedValue(branch, key)?.value;
    return {
      label: branchLabel(branch, i, fixed),
      ...(key === undefined ? {} : { discriminatorValue: fixed }),
      model: compileObjectModel(branchSchema(branch, key), path, context, base.schema),
    };
  });
  const options = branches.map((branch, i) =>
    key === undefined
      ? { key: String(i), label: branch.label, value: i }
      : {
          key: optionKey(branch.discriminatorValue),
          label: branch.label,
          value: branch.discriminatorValue,
        },
  );
  let chooser: FieldModel;
  if (key !== undefined) {
    const own = propertiesOf(base.schema)[key];
    const ownSchema = isPlainObject(own) ? own : {};
    const preset = options.find((option) => option.key === optionKey(ownSchema.default));
    const description =
      typeof ownSchema.description === "string" ? ownSchema.description : undefined;
    chooser = {
      name: path ? `${path}.${key}` : key,
      key,
      label: fieldLabel(key, ownSchema.title),
      ...(description ? { description } : {}),
      kind: "select",
      type: schemaType({ enum: options.map((option) => option.value) }),
      schema: { enum: options.map((option) => option.value) },
      required: true,
      discriminator: true,
      virtual: false,
      options,
      initial: (preset ?? options[0])?.key ?? "",
    };
  } else {
    const name = `${path ? `${path}.` : ""}~${part.kind}${index}`;
    chooser = {
      name,
      key: name,
      label: "Variant",
      kind: "variant",
      type: "string",
      schema: {},
      required: true,
      discriminator: true,
      virtual: true,
      options,
      initial: "0",
    };
  }
  return { kind: "union", keyword: part.kind, chooser, branches };
}

function compileConditional(
  part: ConditionalPart,
  index: number,
  base: ResolvedSchema,
  path: string,
  context: ResolveContext,
): CompiledConditional {
  if (part.kind !== "if") return compileUnion(part, index, base, path, context);
  const branch = (schema: JsonSchema | undefined) =>
    schema === undefined
      ? undefined
      : compileObjectModel(
          resolveSchema(schema, context, `${path || "schema"}.then`),
          path,
          context,
          base.schema,
        );
  const whenTrue = branch(part.whenTrue);
  const whenFalse = branch(part.whenFalse);
  return {
    kind: "if",
    test: withDefinitions(part.test, context.root),
    decides: [...new Set([...Object.keys(propertiesOf(part.test)), ...requiredOf(part.test)])],
    ...(whenTrue ? { whenTrue } : {}),
    ...(whenFalse ? { whenFalse } : {}),
  };
}

/**
 * An object schema's fields and conditional parts. In a conditional branch, a property the
 * enclosing object also declares is compiled from both schemas together.
 */
export function compileObjectModel(
  resolved: ResolvedSchema,
  path: string,
  context: ResolveContext,
  enclosing: JsonSchema = {},
): ObjectModel {
  const required = requiredOf(resolved.schema);
  const inherited = propertiesOf(enclosing);
  const fields = Object.entries(propertiesOf(resolved.schema)).map(([key, property]) =>
    compileField(
      key,
      inherited[key] === undefined || inherited[key] === property
        ? property
        : { allOf: [inherited[key], property] },
      path,
      context,
      required.includes(key),
      (inner, innerPath, innerContext) => compileObjectModel(inner, innerPath, innerContext),
    ),
  );
  const merged = {
    ...resolved,
    schema: { ...resolved.schema, properties: { ...inherited, ...propertiesOf(resolved.schema) } },
  };
  fields.push(...undescribedFields(resolved, path, merged.schema.properties));
  const conditionals = resolved.conditionals.map((part, index) =>
    compileConditional(part, index, merged, path, context),
  );
  return { path, fields, required, conditionals };
}

/**
 * Compiles a tool's inputSchema into its form (tools spec §5): a pure function of the schema,
 * which it never changes. A schema that is not an object schema, or that cannot be read (a
 * reference to nothing, a malformed keyword), gives {ok: false} with the reason.
 */
export function compileForm(inputSchema: unknown): FormModel {
  if (!isPlainObject(inputSchema)) {
    return { ok: false, error: "The tool's input schema is not a JSON object." };
  }
  const context: ResolveContext = { root: inputSchema, expanding: [] };
  try {
    const resolved = resolveSchema(inputSchema, context);
    const declared = resolved.schema.type;
    if (declared !== undefined && schemaType(resolved.schema) !== "object") {
      return { ok: false, error: "The tool's input schema does not describe an object." };
    }
    const inner = { ...context, expanding: resolved.refs };
    return { ok: true, root: compileObjectModel(resolved, "", inner), schema: inputSchema };
  } catch (error) {
    if (error instanceof InvalidSchemaError) return { ok: false, error: error.message };
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
