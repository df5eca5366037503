import type { ReactNode } from "react";
import { type FormField, fieldTitle } from "./form-data.js";

const inputClass =
  "w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-neutral-100 placeholder:text-neutral-500 aria-[invalid=true]:border-red-500";

const htmlTypes: Record<string, string> = { datetime: "datetime-local" };

/** One labelled form input of any field type, with its help text and error. */
export function FormFieldInput({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: FormField;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const helpId = field.helpText ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-required": field.required || undefined,
    "aria-describedby": describedBy,
  };
  const text = typeof value === "string" ? value : "";
  const label = (
    <>
      {fieldTitle(field)}
      {field.required ? (
        <span aria-hidden="true" className="ml-0.5 text-primary-400">
          *
        </span>
      ) : null}
    </>
  );

  const notes = (
    <>
      {field.helpText ? (
        <p id={helpId} className="text-xs text-neutral-500">
          {field.helpText}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </>
  );

  let control: ReactNode;
  if (field.type === "checkbox") {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="flex items-center gap-2 text-sm text-neutral-200">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            className="h-4 w-4 accent-primary-500"
          />
          {label}
        </label>
        {notes}
      </div>
    );
  }
  if (field.type === "textarea") {
    control = (
      <textarea
        {...common}
        rows={4}
        value={text}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    );
  } else if (field.type === "select") {
    control = (
      <select
        {...common}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        <option value="">Select...</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={htmlTypes[field.type] ?? field.type}
        value={text}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-neutral-200">
        {label}
      </label>
      {control}
      {notes}
    </div>
  );
}
