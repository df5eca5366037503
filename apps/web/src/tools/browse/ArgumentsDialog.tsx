import { type FormEvent, useId, useRef, useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { Button } from "../../lib/Button.js";

/** One argument of a prompt or a resource template. */
export interface ArgumentField {
  name: string;
  description?: string | undefined;
  required?: boolean | undefined;
}

/** Said under a required argument left empty. */
export const requiredArgumentText = "This field is required";

function ArgumentInput({
  field,
  value,
  error,
  onChange,
  complete,
}: {
  field: ArgumentField;
  value: string;
  error: boolean;
  onChange: (value: string) => void;
  complete: (value: string) => Promise<string[]>;
}) {
  const id = useId();
  const listId = useId();
  const [options, setOptions] = useState<string[]>([]);
  const asked = useRef(0);
  const suggest = (typed: string) => {
    asked.current += 1;
    const mine = asked.current;
    complete(typed).then(
      (values) => mine === asked.current && setOptions(values),
      () => mine === asked.current && setOptions([]),
    );
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="block text-sm text-neutral-200">
        {field.name}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {field.description ? <p className="text-xs text-neutral-400">{field.description}</p> : null}
      <input
        id={id}
        list={listId}
        value={value}
        required={field.required}
        aria-invalid={error}
        autoComplete="off"
        onFocus={() => suggest(value)}
        onChange={(event) => {
          onChange(event.target.value);
          suggest(event.target.value);
        }}
        className="mt-1 w-full rounded border border-border bg-neutral-900 px-2 py-1 text-sm text-neutral-100"
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      {error ? <p className="text-xs text-red-300">{requiredArgumentText}</p> : null}
    </div>
  );
}

/**
 * A form of named string arguments (a prompt's or a resource template's), each suggesting the
 * server's completions as the user types; submits the values once every required one is given.
 */
export function ArgumentsDialog({
  title,
  description,
  fields,
  submitLabel,
  complete,
  onSubmit,
  onClose,
}: {
  title: string;
  description?: string | undefined;
  fields: readonly ArgumentField[];
  submitLabel: string;
  complete: (name: string, value: string, values: Record<string, string>) => Promise<string[]>;
  onSubmit: (values: Record<string, string>) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.filter((f) => f.required && !values[f.name]?.trim()).map((f) => f.name);
    setMissing(empty);
    if (empty.length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
      await onSubmit(given);
    } catch (failed) {
      setError(failed instanceof Error ? failed.message : String(failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <Button type="submit" form={formId} disabled={busy}>
          {submitLabel}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        {description ? <p className="mb-3 text-sm text-neutral-300">{description}</p> : null}
        {fields.map((field) => (
          <ArgumentInput
            key={field.name}
            field={field}
            value={values[field.name] ?? ""}
            error={missing.includes(field.name)}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            complete={(value) => complete(field.name, value, values)}
          />
        ))}
        {error ? (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
