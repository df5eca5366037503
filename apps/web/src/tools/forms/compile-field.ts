import { type OptionsFromTool, optionsFromToolSchema } from "@a2a-chat/contracts";
import { deriveDefault } from "./field-defaults.js";
import { fieldLabel } from "./field-label.js";
import type { FieldKind, FieldModel, FieldOption, ObjectModel, RawValue } from "./field-model.js";
import {
  allowedValues,
  isPlainObject,
  type JsonSchema,
  type JsonType,
  numberKeyword,
  schemaType,
  stringKeyword,
} from "./json-schema.js";
import {
  type ConditionalPart,
  lookupRef,
  RecursiveSchemaError,
  type ResolveContext,
  type ResolvedSchema,
  resolveSchema,
} from "./resolve-schema.js";

/** Strings allowed longer than this get a multi-line field (tools spec §5). */
export const multiLineAbove = 100;

/** Compiles an object schema's fields; given by compile-form to break the import cycle. */
export type CompileObject = (
  resolved: ResolvedSchema,
  path: string,
  context: ResolveContext,
) => ObjectModel;

const primitive = new Set<JsonType>(["string", "number", "integer", "boolean"]);

/** The widget key of an option value: strings as they are, other JSON as its text. */
export function optionKey(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function toOption(value: unknown, label?: unknown): FieldOption {
  const key = optionKey(value);
  return { key, value, label: typeof label === "string" && label !== "" ? label : key };
}

/** Choices from enum/const, or from a oneOf/anyOf whose branches are all consts (with titles). */
export function choicesOf(resolved: ResolvedSchema): FieldOption[] | undefined {
  const allowed = allowedValues(resolved.schema);
  if (allowed) return allowed.map((value) => toOption(value));
  const union = resolved.conditionals.find(
    (part): part is Extract<ConditionalPart, { branches: JsonSchema[] }> => part.kind !== "if",
  );
  if (!union || resolved.conditionals.length !== 1) return undefined;
  if (!union.branches.every((branch) => "const" in branch)) return undefined;
  return union.branches.map((branch) => toOption(branch.const, branch.title));
}

function optionsSource(schema: JsonSchema): OptionsFromTool | undefined {
  const parsed = optionsFromToolSchema.safeParse(schema["x-options-from-tool"]);
  return parsed.success ? parsed.data : undefined;
}

/** A schema that is an object by its own words: `type: object` or properties. */
function objectLike(schema: unknown, context: ResolveContext): boolean {
  if (!isPlainObject(schema)) return false;
  if (schema.type === "object" || isPlainObject(schema.properties)) return true;
  if (typeof schema.$ref !== "string") return false;
  try {
    return objectLike(lookupRef(context.root, schema.$ref), context);
  } catch {
    return false;
  }
}

/**
 * The field's type. A schema that says nothing of its own type but whose oneOf/anyOf branches
 * (or if/then/else parts) are all objects is an object: its branches then become a discriminator
 * or Variant select with their fields, not a text box whose text no branch accepts.
 */
function typeOf(resolved: ResolvedSchema, context: ResolveContext): JsonType {
  const { schema } = resolved;
  const silent =
    schema.type === undefined &&
    !isPlainObject(schema.properties) &&
    schema.items === undefined &&
    schema.enum === undefined &&
    !("const" in schema);
  const objectParts =
    resolved.conditionals.length > 0 &&
    resolved.conditionals.every((part) =>
      part.kind === "if"
        ? [part.whenTrue, part.whenFalse].every((b) => b === undefined || objectLike(b, context))
        : part.branches.length > 0 && part.branches.every((b) => objectLike(b, context)),
    );
  return silent && objectParts ? "object" : schemaType(schema);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** An ISO date-time as a datetime-local input's value (local time, minutes). */
export function toLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function initialOf(kind: FieldKind, value: unknown, options?: FieldOption[]): RawValue | undefined {
  if (value === undefined) return undefined;
  switch (kind) {
    case "checkbox":
      return typeof value === "boolean" ? value : undefined;
    case "select":
      return options?.find((option) => option.key === optionKey(value))?.key;
    case "multiselect":
      return Array.isArray(value) ? value.map(optionKey) : undefined;
    case "list":
      return Array.isArray(value) ? value.map((item) => String(item)).join("\n") : undefined;
    case "json":
      return JSON.stringify(value, null, 2);
    case "datetime":
      return typeof value === "string" ? toLocalDateTime(value) : undefined;
    case "object":
    case "variant":
    case "rows":
      return undefined;
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

interface Shape {
  kind: FieldKind;
  options?: FieldOption[];
  itemType?: JsonType;
  optionsFromTool?: OptionsFromTool;
  /** The item schema of a rows field. */
  items?: ResolvedSchema;
}

/** An item schema a row's form can be built from: an object with fields or conditional parts. */
function rowsOf(items: ResolvedSchema): boolean {
  const { properties } = items.schema;
  const described = isPlainObject(properties) && Object.keys(properties).length > 0;
  return schemaType(items.schema) === "object" && (described || items.conditionals.length > 0);
}

function arrayShape(schema: JsonSchema, context: ResolveContext): Shape {
  if (!isPlainObject(schema.items)) return { kind: "json" };
  const items = resolveSchema(schema.items, context, "items");
  const choices = choicesOf(items);
  if (choices) return { kind: "multiselect", options: choices };
  const itemType = schemaType(items.schema);
  if (primitive.has(itemType) && items.conditionals.length === 0) return { kind: "list", itemType };
  // Objects get a form per row; a given default keeps the JSON editor, which shows it whole.
  if (rowsOf(items) && schema.default === undefined) return { kind: "rows", items };
  return { kind: "json" };
}

/** A rows field's row forms, compiled once per row name. */
function rowForms(
  items: ResolvedSchema,
  context: ResolveContext,
  compileObject: CompileObject,
): (rowName: string) => ObjectModel {
  const inner = { ...context, expanding: [...context.expanding, ...items.refs] };
  const forms = new Map<string, ObjectModel>();
  return (rowName) => {
    let form = forms.get(rowName);
    if (!form) {
      form = compileObject(items, rowName, inner);
      forms.set(rowName, form);
    }
    return form;
  };
}

function shapeOf(resolved: ResolvedSchema, type: JsonType, context: ResolveContext): Shape {
  const { schema } = resolved;
  const choices = choicesOf(resolved);
  if (choices && type !== "array" && type !== "object") return { kind: "select", options: choices };
  switch (type) {
    case "string": {
      const source = optionsSource(schema);
      if (source) return { kind: "dynamic", optionsFromTool: source };
      const format = stringKeyword(schema, "format");
      if (format === "date") return { kind: "date" };
      if (format === "date-time") return { kind: "datetime" };
      const max = numberKeyword(schema, "maxLength");
      return { kind: max !== undefined && max > multiLineAbove ? "textarea" : "text" };
    }
    case "number":
    case "integer":
      return { kind: "number" };
    case "boolean":
      return { kind: "checkbox" };
    case "object":
      return isPlainObject(schema.properties) || resolved.conditionals.length > 0
        ? { kind: "object" }
        : { kind: "json" };
    case "array":
      return arrayShape(schema, context);
    default:
      return { kind: "json" };
  }
}

function jsonField(name: string, key: string, schema: JsonSchema, note: string): FieldModel {
  return {
    name,
    key,
    label: fieldLabel(key, schema.title),
    kind: "json",
    type: "object",
    schema,
    required: false,
    discriminator: false,
    virtual: false,
    note,
  };
}

/**
 * One property as a field: its widget from its type and keywords (enum → select, dates, long
 * strings multi-line, arrays of enums → multi-select, arrays of plain values → one per line,
 * arrays of objects → a form per row, objects → nested fields, anything else → JSON editor),
 * label, help text and initial value.
 */
export function compileField(
  key: string,
  value: unknown,
  parentPath: string,
  context: ResolveContext,
  required: boolean,
  compileObject: CompileObject,
): FieldModel {
  const name = parentPath ? `${parentPath}.${key}` : key;
  let resolved: ResolvedSchema;
  try {
    resolved = resolveSchema(value, context, name);
  } catch (error) {
    if (!(error instanceof RecursiveSchemaError)) throw error;
    return { ...jsonField(name, key, isPlainObject(value) ? value : {}, error.message), required };
  }
  const { schema } = resolved;
  const type = typeOf(resolved, context);
  const inner = { ...context, expanding: [...context.expanding, ...resolved.refs] };
  const shape = shapeOf(resolved, type, inner);
  const description = stringKeyword(schema, "description");
  const field: FieldModel = {
    name,
    key,
    label: fieldLabel(key, schema.title),
    ...(description ? { description } : {}),
    kind: shape.kind,
    type,
    schema,
    required,
    discriminator: false,
    virtual: false,
    ...(shape.options ? { options: shape.options } : {}),
    ...(shape.itemType ? { itemType: shape.itemType } : {}),
    ...(shape.optionsFromTool ? { optionsFromTool: shape.optionsFromTool } : {}),
  };
  if (shape.kind === "object") return { ...field, object: compileObject(resolved, name, inner) };
  if (shape.items) {
    const minItems = numberKeyword(schema, "minItems") ?? 0;
    return {
      ...field,
      rows: rowForms(shape.items, inner, compileObject),
      initialRows: Math.max(minItems, required ? 1 : 0),
    };
  }
  const initial = initialOf(shape.kind, deriveDefault(schema, context.root), shape.options);
  return initial === undefined ? field : { ...field, initial };
}
