import { memo, useId } from "react";
import { DynamicOptionsField } from "./DynamicOptionsField.js";
import type { FieldModel, RawValue } from "./field-model.js";
import type { FieldProps } from "./field-props.js";
import { visibleFields } from "./form-state.js";
import { RowsField } from "./RowsField.js";

export const inputClass =
  "w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-neutral-100 placeholder:text-neutral-500 focus:border-primary-500 focus:outline-none aria-[invalid=true]:border-red-500";

function Help({ field, id }: { field: FieldModel; id: string }) {
  const hints = [
    field.description,
    field.kind === "list" ? "One item per line." : undefined,
    field.note ? `Edited as JSON (${field.note}).` : undefined,
  ].filter(Boolean);
  if (hints.length === 0) return null;
  return (
    <p id={id} className="text-xs text-neutral-400">
      {hints.join(" ")}
    </p>
  );
}

function Widget({
  field,
  values,
  onChange,
  loadOptions,
  inputId,
  describedBy,
  invalid,
}: FieldProps & { inputId: string; describedBy: string; invalid: boolean }) {
  const raw = values[field.name];
  const text = typeof raw === "string" ? raw : "";
  const common = {
    id: inputId,
    name: field.name,
    "aria-describedby": describedBy,
    "aria-invalid": invalid,
    "aria-required": field.required,
  };
  const set = (value: RawValue) => onChange(field.name, value);
  switch (field.kind) {
    case "checkbox":
      return (
        <input
          {...common}
          type="checkbox"
          checked={raw === true}
          onChange={(e) => set(e.target.checked)}
          className="size-4 accent-primary-500"
        />
      );
    case "select":
    case "variant":
      return (
        <select
          {...common}
          value={text}
          onChange={(e) => set(e.target.value)}
          className={inputClass}
        >
          {field.required ? null : <option value="">—</option>}
          {field.options?.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "multiselect": {
      const chosen = Array.isArray(raw) ? raw : [];
      return (
        <fieldset
          aria-labelledby={`${inputId}-label`}
          aria-describedby={describedBy}
          className="flex flex-wrap gap-x-4 gap-y-1 border-0 p-0"
        >
          {field.options?.map((option) => (
            <label key={option.key} className="flex items-center gap-2 text-sm text-neutral-200">
              <input
                type="checkbox"
                checked={chosen.includes(option.key)}
                onChange={(e) =>
                  set(
                    e.target.checked
                      ? [...chosen, option.key]
                      : chosen.filter((k) => k !== option.key),
                  )
                }
                className="size-4 accent-primary-500"
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case "textarea":
    case "list":
    case "json":
      return (
        <textarea
          {...common}
          value={text}
          rows={field.kind === "json" ? 5 : 4}
          spellCheck={field.kind !== "json"}
          onChange={(e) => set(e.target.value)}
          className={`${inputClass} ${field.kind === "json" ? "font-mono text-xs" : ""}`}
        />
      );
    case "dynamic":
      return (
        <DynamicOptionsField
          field={field}
          value={text}
          onChange={set}
          load={loadOptions}
          inputProps={common}
        />
      );
    default: {
      const type =
        field.kind === "date" ? "date" : field.kind === "datetime" ? "datetime-local" : "text";
      // Numbers are typed as text, so that what the user wrote is kept and its message shown.
      return (
        <input
          {...common}
          type={type}
          inputMode={field.kind === "number" ? "decimal" : undefined}
          value={text}
          onChange={(e) => set(e.target.value)}
          className={inputClass}
        />
      );
    }
  }
}

/**
 * Whether a field would render the same: the same field, callbacks, value and message. A group
 * (nested object or rows) always renders again, its own fields deciding for themselves; a keystroke so
 * re-renders the field typed into and the groups above it, not the whole form.
 */
export function sameFieldProps(before: FieldProps, after: FieldProps): boolean {
  const { field } = after;
  return (
    before.field === field &&
    !field.object &&
    !field.rows &&
    before.onChange === after.onChange &&
    before.onEdit === after.onEdit &&
    before.loadOptions === after.loadOptions &&
    before.values[field.name] === after.values[field.name] &&
    before.errors[field.name] === after.errors[field.name]
  );
}

/** One field of a tool's form: label (required marked), widget, help text and its message. */
export const FormField = memo(function FormField(props: FieldProps) {
  const { field, errors } = props;
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const error = errors[field.name];
  if (field.kind === "object" && field.object) {
    return (
      <fieldset className="space-y-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium text-neutral-200">
          {field.label}
          {field.required ? <span className="ml-1 text-primary-400">*</span> : null}
        </legend>
        <Help field={field} id={helpId} />
        <FieldList {...props} fields={visibleFields(field.object, props.values)} />
      </fieldset>
    );
  }
  if (field.kind === "rows") {
    return (
      <RowsField
        props={props}
        helpId={helpId}
        errorId={errorId}
        renderFields={(fields) => <FieldList {...props} fields={fields} />}
      />
    );
  }
  const checkbox = field.kind === "checkbox";
  return (
    <div className={checkbox ? "flex flex-wrap items-center gap-x-3 gap-y-1" : "space-y-1"}>
      <label
        id={`${inputId}-label`}
        htmlFor={inputId}
        className="block text-sm font-medium text-neutral-200"
      >
        {field.label}
        {field.required ? (
          <span className="ml-1 text-primary-400" aria-hidden="true">
            *
          </span>
        ) : null}
        {field.required ? <span className="sr-only"> (required)</span> : null}
      </label>
      <Widget
        {...props}
        inputId={inputId}
        describedBy={`${helpId} ${errorId}`}
        invalid={error !== undefined}
      />
      <Help field={field} id={helpId} />
      <p id={errorId} role={error ? "alert" : undefined} className="w-full text-xs text-red-400">
        {error ?? ""}
      </p>
    </div>
  );
}, sameFieldProps);

/** A list of fields, in the order given. */
export function FieldList(props: Omit<FieldProps, "field"> & { fields: FieldModel[] }) {
  return (
    <div className="space-y-4">
      {props.fields.map((field) => (
        <FormField key={field.name} {...props} field={field} />
      ))}
    </div>
  );
}
