import { checkValue, coerceValue, fieldMessages } from "./check-value.js";
import type { FieldModel, ObjectModel, RawValue, RawValues } from "./field-model.js";
import { rowModels } from "./field-rows.js";
import type { JsonType } from "./json-schema.js";
import { matchesSchema, validateAgainstSchema } from "./schema-validator.js";

/** Shown under a JSON editor whose text does not parse; the parser's reason follows. */
export const invalidJsonMessage = (reason: string) => `Invalid JSON: ${reason}`;

/** A field's value read from its widget: nothing, a value, or why it cannot be one. */
export type ReadValue = { empty: true } | { empty: false; value: unknown } | { error: string };

function isEmptyRaw(raw: RawValue | undefined): boolean {
  return raw === undefined || raw === "" || (Array.isArray(raw) && raw.length === 0);
}

function parseJson(text: string): ReadValue {
  try {
    return { empty: false, value: JSON.parse(text) };
  } catch (error) {
    return { error: invalidJsonMessage(error instanceof Error ? error.message : String(error)) };
  }
}

function listItems(text: string, type: JsonType | undefined): unknown[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => coerceValue(type ?? "string", line));
}

/** A datetime-local value ('2024-05-01T09:30') as an ISO date-time in UTC. */
export function fromLocalDateTime(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/**
 * A field's value from its widget, coerced as tools spec §5 says (numeric strings to numbers,
 * 'true'/'1' to true). An unchecked optional checkbox and blank text are empty.
 */
export function readField(field: FieldModel, raw: RawValue | undefined): ReadValue {
  if (field.kind === "checkbox") {
    if (typeof raw === "boolean") return { empty: false, value: raw };
    return field.required ? { empty: false, value: false } : { empty: true };
  }
  if (isEmptyRaw(raw)) return { empty: true };
  switch (field.kind) {
    case "multiselect": {
      const keys = Array.isArray(raw) ? raw : [String(raw)];
      return {
        empty: false,
        value: keys.map((key) => field.options?.find((option) => option.key === key)?.value ?? key),
      };
    }
    case "select": {
      const option = field.options?.find((o) => o.key === raw);
      return { empty: false, value: option ? option.value : coerceValue(field.type, raw) };
    }
    case "list":
      return { empty: false, value: listItems(String(raw), field.itemType) };
    case "json":
      return parseJson(String(raw));
    case "datetime":
      return { empty: false, value: fromLocalDateTime(String(raw)) };
    default:
      return { empty: false, value: coerceValue(field.type, raw) };
  }
}

function byOrder(a: FieldModel, b: FieldModel): number {
  const rank = (field: FieldModel) => (field.discriminator ? 0 : field.required ? 1 : 2);
  return rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The values of the fields read so far, leniently, for testing an `if` condition. */
function candidate(fields: readonly FieldModel[], raw: RawValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.virtual) continue;
    if (field.object) {
      values[field.key] = candidate(visibleFields(field.object, raw), raw);
      continue;
    }
    if (field.rows) {
      values[field.key] = rowModels(field, raw).map((row) =>
        candidate(visibleFields(row, raw), raw),
      );
      continue;
    }
    const read = readField(field, raw[field.name]);
    if ("value" in read) values[field.key] = read.value;
  }
  return values;
}

function addFields(into: Map<string, FieldModel>, fields: readonly FieldModel[]): void {
  for (const field of fields) into.set(field.key, field);
}

// The visible fields of each object for one set of values. A keystroke makes a new values object
// and then asks for them several times (the form read, each condition's candidate, each nested
// group's render): computed once per keystroke. Values objects are never changed in place.
const visibleByValues = new WeakMap<RawValues, WeakMap<ObjectModel, FieldModel[]>>();
// A field a branch makes required, or an if/then/else test makes a decider, as one object per
// field and marks: memoised field components keep seeing the same field from one keystroke to
// the next.
const markedCopies = new WeakMap<FieldModel, Map<string, FieldModel>>();

function marked(field: FieldModel, required: boolean, discriminator: boolean): FieldModel {
  const marks = {
    required: field.required || required,
    discriminator: field.discriminator || discriminator,
  };
  if (marks.required === field.required && marks.discriminator === field.discriminator)
    return field;
  let copies = markedCopies.get(field);
  if (!copies) {
    copies = new Map();
    markedCopies.set(field, copies);
  }
  const key = `${marks.required}:${marks.discriminator}`;
  let copy = copies.get(key);
  if (!copy) {
    copy = { ...field, ...marks };
    copies.set(key, copy);
  }
  return copy;
}

/**
 * The fields an object shows for the current values (tools spec §5): its own, plus those of
 * the union branch its discriminator or variant picks and of each if/then/else's branch, with
 * required marks from every part that applies; ordered discriminator (or a field an if tests)
 * first, then required, then alphabetical. Evaluated again whenever the values change (a new values object), once per object
 * and values object; the result is shared, not to be changed.
 */
export function visibleFields(model: ObjectModel, raw: RawValues): FieldModel[] {
  let byModel = visibleByValues.get(raw);
  if (!byModel) {
    byModel = new WeakMap();
    visibleByValues.set(raw, byModel);
  }
  let fields = byModel.get(model);
  if (!fields) {
    fields = evaluateVisible(model, raw);
    byModel.set(model, fields);
  }
  return fields;
}

function evaluateVisible(model: ObjectModel, raw: RawValues): FieldModel[] {
  const fields = new Map<string, FieldModel>();
  addFields(fields, model.fields);
  const required = new Set(model.required);
  const deciders = new Set<string>();
  for (const conditional of model.conditionals) {
    let branch: ObjectModel | undefined;
    if (conditional.kind === "union") {
      const { chooser } = conditional;
      fields.set(chooser.key, chooser);
      const key = raw[chooser.name] ?? chooser.initial;
      const index = chooser.options?.findIndex((option) => option.key === key) ?? -1;
      branch = conditional.branches[index]?.model;
    } else {
      for (const key of conditional.decides) deciders.add(key);
      const values = candidate([...fields.values()], raw);
      branch = matchesSchema(conditional.test, values)
        ? conditional.whenTrue
        : conditional.whenFalse;
    }
    if (!branch) continue;
    addFields(fields, visibleFields(branch, raw));
    for (const name of branch.required) required.add(name);
  }
  return [...fields.values()]
    .map((field) => marked(field, required.has(field.key), deciders.has(field.key)))
    .sort(byOrder);
}

/** The arguments a form submits and the messages of the fields that are wrong, by name. */
export interface FormResult {
  args: Record<string, unknown>;
  errors: Record<string, string>;
}

function collect(model: ObjectModel, raw: RawValues, errors: Record<string, string>) {
  const args: Record<string, unknown> = {};
  for (const field of visibleFields(model, raw)) {
    if (field.virtual) continue;
    if (field.object) {
      const inner = collect(field.object, raw, errors);
      if (Object.keys(inner).length > 0 || field.required) args[field.key] = inner;
      continue;
    }
    if (field.rows) {
      collectRows(field, raw, errors, args);
      continue;
    }
    const read = readField(field, raw[field.name]);
    if ("error" in read) errors[field.name] = read.error;
    else if (read.empty) {
      if (field.required) errors[field.name] = fieldMessages.required;
    } else {
      const checkable = field.kind !== "json" || field.schema.type !== undefined;
      const message = checkable ? checkValue(field.schema, read.value) : undefined;
      if (message) errors[field.name] = message;
      else args[field.key] = read.value;
    }
  }
  return args;
}

/** A rows field: each row's object; no rows is empty; then the array's own limits. */
function collectRows(
  field: FieldModel,
  raw: RawValues,
  errors: Record<string, string>,
  args: Record<string, unknown>,
): void {
  const rows = rowModels(field, raw).map((row) => collect(row, raw, errors));
  const message =
    rows.length === 0
      ? field.required
        ? fieldMessages.required
        : undefined
      : checkValue(field.schema, rows);
  if (message) errors[field.name] = message;
  else if (rows.length > 0) args[field.key] = rows;
}

/**
 * Reads the form (tools spec §5): only the declared fields that show, coerced, empty optional
 * ones left out, each checked with the spec's messages. Fast enough for every keystroke.
 */
export function readForm(model: ObjectModel, raw: RawValues): FormResult {
  const errors: Record<string, string> = {};
  const args = collect(model, raw, errors);
  return { args, errors };
}

/**
 * readForm, then (when it found nothing) the arguments against the tool's whole schema, for the
 * keywords the spec's messages do not cover (formats, multipleOf, shapes inside JSON fields...).
 * Problems at a field's path go to that field; others to the form ('' key).
 */
export function submitForm(
  model: ObjectModel,
  schema: Record<string, unknown>,
  raw: RawValues,
): FormResult {
  const result = readForm(model, raw);
  if (Object.keys(result.errors).length > 0) return result;
  const names = new Set(allNames(model, raw));
  for (const problem of validateAgainstSchema(schema, result.args)) {
    const owner = ownerOf(problem.path, names);
    // A format (email, uri, …) the value misses reads as a pattern does (tools spec §5).
    result.errors[owner] ??= problem.keyword === "format" ? fieldMessages.pattern : problem.message;
  }
  return result;
}

function allNames(model: ObjectModel, raw: RawValues): string[] {
  return visibleFields(model, raw).flatMap((field) => [
    field.name,
    ...(field.object ? allNames(field.object, raw) : []),
    ...rowModels(field, raw).flatMap((row) => allNames(row, raw)),
  ]);
}

/** The deepest shown field a problem's path falls in ('' when none). */
function ownerOf(path: string, names: Set<string>): string {
  const parts = path === "" ? [] : path.split(".");
  for (let n = parts.length; n > 0; n -= 1) {
    const name = parts.slice(0, n).join(".");
    if (names.has(name)) return name;
  }
  return "";
}

/** The initial widget values of every field the form can show (its own and its branches'). */
export function initialValues(model: ObjectModel): Record<string, RawValue> {
  const values: Record<string, RawValue> = {};
  const visit = (object: ObjectModel) => {
    for (const field of object.fields) {
      if (field.initial !== undefined) values[field.name] ??= field.initial;
      if (field.object) visit(field.object);
      if (field.rows) {
        values[field.name] ??= String(field.initialRows ?? 0);
        for (let i = 0; i < (field.initialRows ?? 0); i += 1)
          visit(field.rows(`${field.name}.${i}`));
      }
    }
    for (const conditional of object.conditionals) {
      if (conditional.kind === "union") {
        if (conditional.chooser.initial !== undefined)
          values[conditional.chooser.name] ??= conditional.chooser.initial;
        for (const branch of conditional.branches) visit(branch.model);
      } else {
        if (conditional.whenTrue) visit(conditional.whenTrue);
        if (conditional.whenFalse) visit(conditional.whenFalse);
      }
    }
  };
  visit(model);
  return values;
}
