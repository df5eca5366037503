import type { ElicitationAnswer, McpRequest } from "@a2a-chat/contracts";
import { type FormEvent, useCallback, useMemo, useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { Button } from "../../lib/Button.js";
import { compileForm, invalidToolSchemaTitle } from "../forms/compile-form.js";
import type { OptionsLoader } from "../forms/DynamicOptionsField.js";
import { FieldList } from "../forms/FormField.js";
import type { RawValue } from "../forms/field-model.js";
import { initialValues, readForm, submitForm, visibleFields } from "../forms/form-state.js";
import type { ValuesEdit } from "../forms/row-edits.js";
import { ElicitationButtons } from "./ElicitationButtons.js";
import { requestTexts } from "./request-texts.js";

/** Elicitation forms have no options from tools. */
const noOptions: OptionsLoader = () => Promise.resolve([]);

/**
 * A server's form-mode elicitation: fields compiled from its requestedSchema by the tool form
 * compiler (the same checks and messages as a tool's parameters), with Accept, Decline and
 * Cancel (Escape and the backdrop cancel too).
 */
export function ElicitationDialog({
  request,
  onAnswer,
  busy,
}: {
  request: McpRequest;
  onAnswer: (answer: ElicitationAnswer) => void;
  busy: boolean;
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
  const message = typeof request.params.message === "string" ? request.params.message : "";
  const hasErrors = submitted !== null && Object.keys(errors).length > 0;
  return (
    <Modal
      open
      onClose={() => onAnswer({ action: "cancel" })}
      size="lg"
      title={requestTexts.elicitationTitle(request.server_name)}
      footer={
        <ElicitationButtons busy={busy} onAnswer={onAnswer}>
          <Button type="submit" form="elicitation-form" disabled={busy || !form.ok}>
            {requestTexts.accept}
          </Button>
        </ElicitationButtons>
      }
    >
      {message ? <p className="mb-4 text-sm text-neutral-300">{message}</p> : null}
      {form.ok ? (
        <form
          id="elicitation-form"
          noValidate
          onSubmit={accept}
          aria-label={requestTexts.elicitationTitle(request.server_name)}
        >
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
      ) : (
        <div role="alert" className="rounded-md border border-red-900 bg-red-950/40 p-4">
          <h3 className="font-semibold text-red-300">{invalidToolSchemaTitle}</h3>
          <p className="mt-1 text-sm text-red-200">{form.error}</p>
        </div>
      )}
    </Modal>
  );
}
