import { useEffect, useState } from "react";
import { dynamicOptionsTexts } from "./dynamic-options.js";
import type { FieldModel, FieldOption } from "./field-model.js";

/** Loads a dynamic field's options (the form binds it to the tool's server). */
export type OptionsLoader = (field: FieldModel, signal: AbortSignal) => Promise<FieldOption[]>;

type State =
  | { status: "loading" }
  | { status: "loaded"; options: FieldOption[] }
  | { status: "failed" };

const inputClass =
  "w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-neutral-100 focus:border-primary-500 focus:outline-none aria-[invalid=true]:border-red-500";

/**
 * A field whose options come from a tool (x-options-from-tool): a select once they load; on
 * failure 'Failed to load options' and a text box to type the value; 'No options available'
 * (and the text box) when the tool returned none.
 */
export function DynamicOptionsField({
  field,
  value,
  onChange,
  load,
  inputProps,
}: {
  field: FieldModel;
  value: string;
  onChange: (value: string) => void;
  load: OptionsLoader;
  inputProps: Record<string, unknown>;
}) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    load(field, controller.signal).then(
      (options) => {
        if (!controller.signal.aborted) setState({ status: "loaded", options });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [field, load]);

  if (state.status === "loaded" && state.options.length > 0) {
    return (
      <select
        {...inputProps}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      >
        <option value="">—</option>
        {state.options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  const note =
    state.status === "loading"
      ? dynamicOptionsTexts.loading
      : state.status === "failed"
        ? dynamicOptionsTexts.failed
        : dynamicOptionsTexts.empty;
  return (
    <div className="space-y-1">
      <p
        role={state.status === "failed" ? "alert" : "status"}
        className={`text-xs ${state.status === "failed" ? "text-red-300" : "text-neutral-400"}`}
      >
        {note}
      </p>
      <input
        {...inputProps}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Type a value"
        className={inputClass}
      />
    </div>
  );
}
