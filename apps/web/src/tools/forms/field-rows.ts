import type { FieldModel, ObjectModel, RawValues } from "./field-model.js";

/**
 * Rows of an array-of-objects field. The field's own value is its number of rows (as text); row
 * i's fields are named `{field}.{i}.{key}`, so a name is also the value's path in the arguments
 * (what the schema validator reports) and removing a row renumbers the rows after it.
 */
export function rowCount(field: FieldModel, raw: RawValues): number {
  const value = raw[field.name];
  const count = typeof value === "string" ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** The forms of a rows field's rows, in order. */
export function rowModels(field: FieldModel, raw: RawValues): ObjectModel[] {
  const { rows } = field;
  if (!rows) return [];
  return Array.from({ length: rowCount(field, raw) }, (_, i) => rows(`${field.name}.${i}`));
}
