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
import type { FormBenchApi } from "./form-bench-api.js";
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

function render(): number {
  if (!state?.model.ok) throw new Error("no model");
  const { model, values } = state;
  const result = readForm(model.root, values);
  const fields = visibleFields(model.root, values);
  flushSync(() =>
    root.render(
      <FieldList
        fields={fields}
        values={values}
        errors={result.errors}
        onChange={() => undefined}
        loadOptions={noOptions}
      />,
    ),
  );
  return container?.querySelectorAll("input, select, textarea").length ?? 0;
}

window.formBench = {
  open() {
    flushSync(() => root.render(null));
    const schema = benchSchema();
    const started = performance.now();
    const model = compileForm(schema);
    if (!model.ok) throw new Error(model.error);
    state = { model, values: initialValues(model.root) };
    const fields = render();
    void document.body.offsetHeight;
    return { ms: performance.now() - started, fields };
  },
  type(name, text) {
    if (!state?.model.ok) throw new Error("open first");
    const times: number[] = [];
    let value = "";
    for (const char of text) {
      value += char;
      state.values = { ...state.values, [name]: value };
      const started = performance.now();
      readForm(state.model.root, state.values);
      visibleFields(state.model.root, state.values);
      times.push(performance.now() - started);
    }
    render();
    return times;
  },
};
document.body.dataset.ready = "1";
