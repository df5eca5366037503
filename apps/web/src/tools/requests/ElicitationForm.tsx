import type { ElicitationAnswer, McpRequest } from "@a2a-chat/contracts";
import { type FormEvent, useCallback, useMemo, useState } from "react";
import { compileForm, invalidToolSchemaTitle } from "../forms/compile-form.js";
import type { OptionsLoader } from "../forms/DynamicOptionsField.js";
import { FieldList } from "../forms/FormField.js";
import type { RawValue } from "../forms/field-model.js";
import { initialValues, readForm, submitForm, visibleFields } from "../forms/form-state.js";
import type { ValuesEdit } from "../forms/row-edits.js";
import { requestTexts } from "./request-texts.js";

/** Elicitation forms have no options from tools. */
const noOptions: OptionsLoader = () => Promise.resolve([]);

/**
 * The fields of a server's form-mode elicitation, compiled from its requestedSchema by the tool
 * form compiler (the same checks and messages as a tool's parameters). Submitting the form (its
 * accepting button names it with `form={formId}`) answers accept once the fields pass.
 */
export function ElicitationForm({
  request,
  formId,
  label,
  onAnswer,
}: {
  request: McpRequest;
  formId: string;
  label: string;
  onAnswer: (answer: ElicitationAnswer) => void;
}) {
  const schema = request.params.requestedSchema;
  const form = useMemo(() => compileForm(schema), [schema]);
  const [values, setValues] = useState<Record<string, RawValue>>(() =>
    form.ok ? initialValues(form.root) : {},
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState<Record<string, string> | null>(null);
  const live = useMemo(() => (form.ok ? readForm(form.root, values) : null), [form, values]);
  const fields = form.ok ? visibleFields(form.root, values) : [];
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(live?.errors ?? {})) {
    if (submitted !== null || touched.has(name)) errors[name] = message;
  }
  for (const [name, message] of Object.entries(submitted ?? {})) errors[name] ??= message;

  const change = useCallback((name: string, value: RawValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current.has(name) ? current : new Set([...current, name])));
    setSubmitted((current) => (current ? {} : current));
  }, []);
  const edit = useCallback((apply: ValuesEdit) => setValues((current) => apply(current)), []);

  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (!form.ok) return;
    const result = submitForm(form.root, form.schema, values);
    setSubmitted(result.errors);
    if (Object.keys(result.errors).length > 0) return;
    onAnswer({ action: "accept", content: result.args as ElicitationAnswer["content"] });
  };
  const hasErrors = submitted !== null && Object.keys(errors).length > 0;
  if (!form.ok) {
    return (
      <div role="alert" className="rounded-md border border-red-900 bg-red-950/40 p-4">
        <h3 className="font-semibold text-red-300">{invalidToolSchemaTitle}</h3>
        <p className="mt-1 text-sm text-red-200">{form.error}</p>
      </div>
    );
  }
  return (
    <form id={formId} noValidate onSubmit={accept} aria-label={label}>
      <FieldList
        fields={fields}
        values={values}
        errors={errors}
        onChange={change}
        onEdit={edit}
        loadOptions={noOptions}
      />
      {hasErrors ? <p className="mt-4 text-sm text-red-300">{requestTexts.fixErrors}</p> : null}
    </form>
  );
}

/** Whether the request's schema compiles to a form (its accepting button is enabled). */
export function elicitationFormOk(request: McpRequest): boolean {
  return compileForm(request.params.requestedSchema).ok;
}
