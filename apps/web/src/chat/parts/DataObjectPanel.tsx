import { memo, useId, useState } from "react";
import { CopyButton } from "./CopyButton.js";
import { PanelToggle } from "./PanelToggle.js";
import { hasOnlySimpleValues, isSimpleValue, type SimpleValue } from "./simple-values.js";

function cellText(value: SimpleValue): string {
  return value === null ? "null" : String(value);
}

/**
 * A data part (core spec §2.3): a collapsible 'Data Object' panel with a key/value table when all
 * values are simple, else formatted JSON, and a copy button for the JSON.
 */
export const DataObjectPanel = memo(function DataObjectPanel({
  data,
}: {
  data: Record<string, unknown>;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const json = JSON.stringify(data, null, 2);
  const simple = hasOnlySimpleValues(data);
  return (
    <section
      aria-label="Data Object"
      className="rounded-md border border-border bg-surface-raised text-sm"
    >
      <header className="flex items-center gap-2 px-3 py-2">
        <PanelToggle
          title="Data Object"
          open={open}
          controls={bodyId}
          onToggle={() => setOpen((value) => !value)}
        />
        <CopyButton text={json} title="Copy data as JSON" />
      </header>
      {open && (
        <div id={bodyId} className="border-t border-border px-3 py-2">
          {simple ? (
            <table className="w-full text-left text-xs">
              <thead className="sr-only">
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(data).map(([key, value]) => (
                  <tr key={key} className="border-b border-border last:border-0">
                    <th scope="row" className="py-1 pr-4 align-top font-medium text-neutral-400">
                      {key}
                    </th>
                    <td className="py-1 break-all text-neutral-100">
                      {isSimpleValue(value) ? cellText(value) : JSON.stringify(value)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <pre className="overflow-x-auto text-xs text-neutral-100">
              <code>{json}</code>
            </pre>
          )}
        </div>
      )}
    </section>
  );
});
