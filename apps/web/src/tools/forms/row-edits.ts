import type { FieldModel, RawValue, RawValues } from "./field-model.js";
import { rowCount } from "./field-rows.js";
import { initialValues } from "./form-state.js";

/** The form's values after a change that touches several fields at once. */
export type ValuesEdit = (values: RawValues) => Record<string, RawValue>;

const rowPrefix = (field: FieldModel, index: number) => `${field.name}.${index}.`;

function without(values: RawValues, prefix: string): Record<string, RawValue> {
  const kept: Record<string, RawValue> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && !name.startsWith(prefix)) kept[name] = value;
  }
  return kept;
}

/** Adds an empty row (its fields at their defaults) after the last. */
export function addRow(field: FieldModel): ValuesEdit {
  return (values) => {
    const count = rowCount(field, values);
    const row = field.rows?.(`${field.name}.${count}`);
    // Anything left from a row that once had this number goes first.
    return {
      ...without(values, rowPrefix(field, count)),
      ...(row ? initialValues(row) : {}),
      [field.name]: String(count + 1),
    };
  };
}

/** Removes row `index`; the rows after it move up one (their values with them). */
export function removeRow(field: FieldModel, index: number): ValuesEdit {
  return (values) => {
    const count = rowCount(field, values);
    const next = without(values, rowPrefix(field, index));
    for (let i = index + 1; i < count; i += 1) {
      const from = rowPrefix(field, i);
      const to = rowPrefix(field, i - 1);
      for (const [name, value] of Object.entries(next)) {
        if (!name.startsWith(from)) continue;
        delete next[name];
        next[to + name.slice(from.length)] = value;
      }
    }
    next[field.name] = String(Math.max(0, count - 1));
    return next;
  };
}
