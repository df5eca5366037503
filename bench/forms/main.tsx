import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { compileForm } from "../../apps/web/src/tools/forms/compile-form.js";
import { FieldList } from "../../apps/web/src/tools/forms/FormField.js";
import type { RawValue } from "../../apps/web/src/tools/forms/field-model.js";
import {
  initialValues,
  readForm,
  visibleFields,
} from "../../apps/web/src/tools/forms/form-state.js";
import "./forms.css";
import type { FormBenchApi, KeystrokeSample } from "./form-bench-api.js";
import { benchSchema } from "./form-bench-schema.js";

const container = document.getElementById("root");
if (!container) throw new Error("no #root element");
const root = createRoot(container);
const noOptions = () => Promise.resolve([]);

declare global {
  interface Window {
    formBench: FormBenchApi;
  }
}

let state: { values: Record<string, RawValue>; model: ReturnType<typeof compileForm> } | null =
  null;
// The app's onChange is stable between keystrokes (ToolFormModal's useCallback): so is this one.
const onChange = () => undefined;
/** Row edits (adding or removing an item of an array of objects) are not part of this bench. */
const onEdit = () => undefined;

/** Reads the form, evaluates the visible fields and renders them as ToolFormModal does. */
function render(): { validateMs: number; inputs: number } {
  if (!state?.model.ok) throw new Error("no model");
  const { model, values } = state;
  const started = performance.now();
  const result = readForm(model.root, values);
  const fields = visibleFields(model.root, values);
  const validateMs = performance.now() - started;
  flushSync(() =>
    root.render(
      <FieldList
        fields={fields}
        values={values}
        errors={result.errors}
        onChange={onChange}
        onEdit={onEdit}
        loadOptions={noOptions}
      />,
    ),
  );
  return { validateMs, inputs: container?.querySelectorAll("input, select, textarea").length ?? 0 };
}

window.formBench = {
  open() {
    flushSync(() => root.render(null));
    const schema = benchSchema();
    const started = performance.now();
    const model = compileForm(schema);
    if (!model.ok) throw new Error(model.error);
    state = { model, values: initialValues(model.root) };
    const { inputs } = render();
    void document.body.offsetHeight;
    return { ms: performance.now() - started, fields: inputs };
  },
  type(name, text) {
    if (!state?.model.ok) throw new Error("open first");
    const samples: KeystrokeSample[] = [];
    let value = "";
    for (const [index, char] of [...text].entries()) {
      value += char;
      state.values = { ...state.values, [name]: value };
      const started = performance.now();
      const { validateMs } = render();
      samples.push({ field: name, index, validateMs, totalMs: performance.now() - started });
    }
    return samples;
  },
};
document.body.dataset.ready = "1";
