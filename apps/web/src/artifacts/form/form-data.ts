import { isRecord } from "../shared/artifact-data.js";

/** Field types a form may use (core spec §5). */
export type FieldType =
  | "text"
  | "email"
  | "password"
  | "date"
  | "datetime"
  | "number"
  | "textarea"
  | "select"
  | "checkbox";

const fieldTypes: readonly string[] = [
  "text",
  "email",
  "password",
  "date",
  "datetime",
  "number",
  "textarea",
  "select",
  "checkbox",
];

/** One choice of a select. */
export interface FormOption {
  value: string;
  label: string;
}

/** A validated form field (core spec §3 rendering hints). */
export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  defaultValue?: unknown;
  options: FormOption[];
  placeholder?: string;
  helpText?: string;
}

/** What the inputs hold: text for every field but checkboxes. */
export type FormValues = Record<string, string | boolean>;

function options(value: unknown): FormOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((option): FormOption[] => {
    if (typeof option === "string" || typeof option === "number") {
      return [{ value: String(option), label: String(option) }];
    }
    if (isRecord(option) && option.value !== undefined && option.value !== null) {
      const v = String(option.value);
      return [{ value: v, label: typeof option.label === "string" ? option.label : v }];
    }
    return [];
  });
}

/** The usable fields of a fields list; entries without a name are skipped, unknown types are text. */
export function readFields(value: unknown): FormField[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): FormField[] => {
    if (!isRecord(entry) || typeof entry.name !== "string" || entry.name === "") return [];
    const field: FormField = {
      name: entry.name,
      label: typeof entry.label === "string" ? entry.label : "",
      type:
        typeof entry.type === "string" && fieldTypes.includes(entry.type)
          ? (entry.type as FieldType)
          : "text",
      required: entry.required === true,
      options: options(entry.options),
    };
    if (entry.default !== undefined && entry.default !== null) field.defaultValue = entry.default;
    if (typeof entry.placeholder === "string") field.placeholder = entry.placeholder;
    if (typeof entry.help_text === "string") field.helpText = entry.help_text;
    return [field];
  });
}

/** The inputs' starting values: each field's default, else empty (unchecked). */
export function initialValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    values[field.name] =
      field.type === "checkbox"
        ? field.defaultValue === true || field.defaultValue === "true"
        : field.defaultValue === undefined
          ? ""
          : String(field.defaultValue);
  }
  return values;
}

/** The name a message uses for a field: its label, else its name. */
export function fieldTitle(field: FormField): string {
  return field.label || field.name;
}

/** Core spec §5: '{label or name} is required' for each required field left empty. */
export function validateForm(
  fields: readonly FormField[],
  values: FormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!field.required) continue;
    const value = values[field.name];
    const empty = field.type === "checkbox" ? value !== true : String(value ?? "").trim() === "";
    if (empty) errors[field.name] = `${fieldTitle(field)} is required`;
  }
  return errors;
}

/** A field's value as submitted: numbers numeric (empty stays empty), checkboxes true/false. */
export function coerceValue(field: FormField, value: string | boolean | undefined): unknown {
  if (field.type === "checkbox") return value === true;
  const text = typeof value === "string" ? value : "";
  if (field.type === "number") {
    if (text.trim() === "") return "";
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

/** All submitted values, coerced per field type, in field order. */
export function submittedValues(
  fields: readonly FormField[],
  values: FormValues,
): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, coerceValue(f, values[f.name])]));
}

/** The chat message a submitted form sends: a readable line and the values as JSON. */
export function submissionMessage(title: string, values: Record<string, unknown>): string {
  return `Submitted form "${title}":\n\n\`\`\`json\n${JSON.stringify(values, null, 2)}\n\`\`\``;
}
