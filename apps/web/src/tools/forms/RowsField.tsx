import { Button } from "../../lib/Button.js";
import type { FieldModel } from "./field-model.js";
import type { FieldProps } from "./field-props.js";
import { rowModels } from "./field-rows.js";
import { visibleFields } from "./form-state.js";
import { addRow, removeRow } from "./row-edits.js";

/** Texts of a rows field. */
export const rowsTexts = {
  item: (n: number) => `Item ${n}`,
  add: "Add item",
  remove: "Remove",
  none: "No items yet.",
} as const;

/**
 * An array of objects as rows (tools spec §5 array rules): each row a form from the item schema,
 * with its own Remove button, and Add item below. The array's own message (required, at least
 * or at most N items) shows under the rows.
 */
export function RowsField({
  props,
  helpId,
  errorId,
  renderFields,
}: {
  props: FieldProps;
  helpId: string;
  errorId: string;
  renderFields: (fields: FieldModel[]) => React.ReactNode;
}) {
  const { field, values, errors, onEdit } = props;
  const rows = rowModels(field, values);
  const error = errors[field.name];
  return (
    <fieldset
      className="space-y-3 rounded-md border border-border p-3"
      aria-describedby={`${helpId} ${errorId}`}
      aria-invalid={error !== undefined}
    >
      <legend className="px-1 text-sm font-medium text-neutral-200">
        {field.label}
        {field.required ? <span className="ml-1 text-primary-400">*</span> : null}
      </legend>
      {field.description ? (
        <p id={helpId} className="text-xs text-neutral-400">
          {field.description}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="text-xs text-neutral-500">{rowsTexts.none}</p> : null}
      {rows.map((row, index) => {
        const title = rowsTexts.item(index + 1);
        return (
          <section
            key={row.path}
            aria-label={`${field.label}: ${title}`}
            className="space-y-3 rounded-md border border-border/60 bg-surface-raised/40 p-3"
          >
            <div className="flex items-center justify-between gap-2">
              <h4 className="text-xs font-semibold uppercase tracking-wide text-neutral-400">
                {title}
              </h4>
              <button
                type="button"
                aria-label={`${rowsTexts.remove} ${field.label} ${title.toLowerCase()}`}
                onClick={() => onEdit(removeRow(field, index))}
                className="rounded px-2 py-1 text-xs text-neutral-300 hover:bg-neutral-800 hover:text-red-300"
              >
                {rowsTexts.remove}
              </button>
            </div>
            {renderFields(visibleFields(row, values))}
          </section>
        );
      })}
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-xs"
        aria-label={`${rowsTexts.add} to ${field.label}`}
        onClick={() => onEdit(addRow(field))}
      >
        + {rowsTexts.add}
      </Button>
      <p id={errorId} role={error ? "alert" : undefined} className="w-full text-xs text-red-400">
        {error ?? ""}
      </p>
    </fieldset>
  );
}
