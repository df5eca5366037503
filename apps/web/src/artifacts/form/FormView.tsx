import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import { Button } from "../../lib/Button.js";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { firstDataPart, renderingHints, stringOf } from "../shared/artifact-data.js";
import { notInitializedMessage, sendErrorMessage } from "../shared/send-messages.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { FormFieldInput } from "./FormFieldInput.js";
import {
  type FormValues,
  initialValues,
  readFields,
  submissionMessage,
  submittedValues,
  validateForm,
} from "./form-data.js";

/**
 * The form viewer: fields from rendering_hints.fields (or the data's fields), required checks,
 * and a success screen whose 'Submit Another' returns to the form (core spec §2.4, §4, §5).
 */
export function FormView({ artifact, onSendMessage, streaming }: ArtifactViewProps) {
  const idPrefix = useId();
  const data = firstDataPart(artifact);
  const fields = useMemo(() => {
    const hinted = readFields(renderingHints(artifact).fields);
    return hinted.length > 0 ? hinted : readFields(data?.fields);
  }, [artifact, data]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const name = artifact.name ?? "Form";
  const formTitle = stringOf(data?.title) ?? name;
  const description = stringOf(data?.description);

  const change = (field: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateForm(fields, values);
    setErrors(found);
    const firstInvalid = fields.find((f) => found[f.name]);
    if (firstInvalid) {
      document.getElementById(`${idPrefix}-${firstInvalid.name}`)?.focus();
      return;
    }
    if (!onSendMessage) {
      window.alert(notInitializedMessage);
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      await onSendMessage(submissionMessage(formTitle, submittedValues(fields, values)));
      setSubmitted(true);
    } catch (error) {
      // The values stay in the form so nothing the user typed is lost.
      setSendError(sendErrorMessage(error));
    } finally {
      setSending(false);
    }
  };

  let body: ReactNode;
  if (fields.length === 0) {
    body = <ViewerNotice tone="error" title="Invalid form data" detail="The form has no fields" />;
  } else if (submitted) {
    body = (
      <div
        role="status"
        className="flex flex-col items-start gap-3 rounded-md border border-green-500/40 bg-green-500/10 p-4"
      >
        <p className="text-sm text-green-200">Thank you! Your response was sent.</p>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(initialValues(fields));
            setErrors({});
            setSubmitted(false);
          }}
        >
          Submit Another
        </Button>
      </div>
    );
  } else {
    body = (
      <form
        noValidate
        aria-label={formTitle}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        {formTitle !== name || description ? (
          <div>
            {formTitle !== name ? (
              <h4 className="font-medium text-neutral-100">{formTitle}</h4>
            ) : null}
            {description ? <p className="text-sm text-neutral-400">{description}</p> : null}
          </div>
        ) : null}
        {fields.map((field) => (
          <FormFieldInput
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            field={field}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => change(field.name, value)}
          />
        ))}
        {sendError ? (
          <p role="alert" className="text-sm text-red-400">
            {sendError}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={sending}>
            Submit
          </Button>
        </div>
      </form>
    );
  }

  return (
    <ArtifactFrame title={name} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {body}
    </ArtifactFrame>
  );
}
