import { type FormEvent, useCallback, useMemo, useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { type ServerTool, toolRenderBehavior } from "../../api/list-server-tools.js";
import type { ToolServer } from "../../api/mcp-registry-api.js";
import { callTool } from "../../api/mcp-tool-call.js";
import { Button } from "../../lib/Button.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { selectKnownContextId } from "../../stores/contexts-selectors.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { ConfirmDestructiveRun } from "../ConfirmDestructiveRun.js";
import { runTool, tokenFor } from "../runner/run-tool.js";
import { isDestructiveTool } from "../tool-hints.js";
import { compileForm, invalidToolSchemaTitle } from "./compile-form.js";
import type { OptionsLoader } from "./DynamicOptionsField.js";
import { loadOptions } from "./dynamic-options.js";
import { FieldList } from "./FormField.js";
import type { RawValue } from "./field-model.js";
import { initialValues, readForm, submitForm, visibleFields } from "./form-state.js";
import type { ValuesEdit } from "./row-edits.js";

/** Props of ToolFormModal. */
export interface ToolFormModalProps {
  tool: ServerTool;
  server: ToolServer;
  onClose: () => void;
  /** Starts from these values (Run again with changes); the schema's defaults otherwise. */
  initial?: Record<string, RawValue>;
}

/** Texts of the parameter form. */
export const toolFormTexts = {
  run: "Run",
  cancel: "Cancel",
  noParameters: "This tool takes no parameters.",
  fixErrors: "Fix the fields marked above, then run the tool again.",
} as const;

/**
 * The tool parameter form (tools spec §2 modals, §5): fields generated from the tool's
 * inputSchema, checked as the user types (messages show once a field was touched, or after a
 * Run), conditional fields re-evaluated on every change; Run queues the call and closes.
 */
export default function ToolFormModal({ tool, server, onClose, initial }: ToolFormModalProps) {
  const form = useMemo(() => compileForm(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<Record<string, RawValue>>(() =>
    form.ok ? { ...initialValues(form.root), ...initial } : {},
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState<Record<string, string> | null>(null);
  // The arguments of a destructive tool's run, while the user confirms it.
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const run = { endpoint: server.endpoint, auth: server.auth };

  const loader = useCallback<OptionsLoader>(
    (field, signal) => {
      if (!field.optionsFromTool) return Promise.resolve([]);
      return loadOptions({
        source: field.optionsFromTool,
        endpoint: server.endpoint,
        token: tokenFor(
          { endpoint: server.endpoint, auth: server.auth },
          useAuthStore.getState().accessToken,
        ),
        callTool,
        signal,
      });
    },
    [server.endpoint, server.auth],
  );

  const live = useMemo(() => (form.ok ? readForm(form.root, values) : null), [form, values]);
  const fields = form.ok ? visibleFields(form.root, values) : [];
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(live?.errors ?? {})) {
    if (submitted !== null || touched.has(name)) errors[name] = message;
  }
  for (const [name, message] of Object.entries(submitted ?? {})) errors[name] ??= message;

  // The same function on every render: fields are memoised and re-render only when theirs changes.
  const change = useCallback((name: string, value: RawValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current.has(name) ? current : new Set([...current, name])));
    setSubmitted((current) => (current ? {} : current));
  }, []);

  // Rows added or removed: several values at once; the rows field counts as touched.
  const edit = useCallback((apply: ValuesEdit) => {
    setValues((current) => apply(current));
    setSubmitted((current) => (current ? {} : current));
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.ok) return;
    const result = submitForm(form.root, form.schema, values);
    setSubmitted(result.errors);
    if (Object.keys(result.errors).length > 0) return;
    if (isDestructiveTool(tool)) setConfirming(result.args);
    else start(result.args);
  };

  const start = (args: Record<string, unknown>) => {
    runTool(
      {
        toolName: tool.name,
        serverName: server.name,
        ...run,
        recordsCalls: server.recordsCalls,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        args,
        ...(isDestructiveTool(tool) ? { destructive: true } : {}),
      },
      {
        token: useAuthStore.getState().accessToken,
        contextId: selectKnownContextId(useContextsStore.getState()),
        renderBehavior: toolRenderBehavior(tool) ?? "inline",
      },
    );
    onClose();
  };

  if (confirming)
    return (
      <ConfirmDestructiveRun
        tool={tool}
        serverName={server.name}
        onRun={() => start(confirming)}
        onBack={() => setConfirming(null)}
      />
    );

  const formError = errors[""];
  const hasErrors = submitted !== null && Object.keys(errors).length > 0;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={tool.title ?? tool.name}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {toolFormTexts.cancel}
          </Button>
          <Button type="submit" form="tool-form" disabled={!form.ok}>
            {toolFormTexts.run}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-neutral-400">
        <span className="font-mono text-neutral-300">{tool.name}</span> on {server.name}
        {tool.description ? ` — ${tool.description}` : ""}
      </p>
      {form.ok ? (
        <form id="tool-form" noValidate onSubmit={submit} aria-label={`Parameters of ${tool.name}`}>
          {fields.length === 0 ? (
            <p className="text-sm text-neutral-400">{toolFormTexts.noParameters}</p>
          ) : null}
          <FieldList
            fields={fields}
            values={values}
            errors={errors}
            onChange={change}
            onEdit={edit}
            loadOptions={loader}
          />
          {formError ? (
            <p role="alert" className="mt-3 text-sm text-red-400">
              {formError}
            </p>
          ) : null}
          {hasErrors && !formError ? (
            <p className="mt-4 text-sm text-red-300">{toolFormTexts.fixErrors}</p>
          ) : null}
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
