import { memo, useId, useState } from "react";
import { JsonTree } from "./JsonTree.js";
import { PanelToggle } from "./PanelToggle.js";
import { RawDataModal } from "./RawDataModal.js";

/**
 * The 'Structured Data' viewer (core spec §2.3): a collapsible JSON tree, 'Updating...' while the
 * data is still incomplete, and a button opening the 'Raw Structured Data' modal.
 */
export const StructuredDataViewer = memo(function StructuredDataViewer({
  data,
  complete = true,
}: {
  data: unknown;
  /** False while the data is still streaming in. */
  complete?: boolean;
}) {
  const [open, setOpen] = useState(true);
  const [showRaw, setShowRaw] = useState(false);
  const bodyId = useId();
  return (
    <section
      aria-label="Structured Data"
      className="rounded-md border border-border bg-surface-raised text-sm"
    >
      <header className="flex items-center gap-2 px-3 py-2">
        <PanelToggle
          title="Structured Data"
          open={open}
          controls={bodyId}
          onToggle={() => setOpen((value) => !value)}
        />
        {!complete && (
          <span role="status" className="text-xs text-primary-300">
            Updating...
          </span>
        )}
        <button
          type="button"
          onClick={() => setShowRaw(true)}
          className="rounded px-2 py-0.5 text-xs text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100"
        >
          View raw
        </button>
      </header>
      {open && (
        <div id={bodyId} className="overflow-x-auto border-t border-border px-3 py-2">
          <JsonTree value={data} label="Structured Data" />
        </div>
      )}
      {showRaw && (
        <RawDataModal
          json={JSON.stringify(data, null, 2) ?? ""}
          onClose={() => setShowRaw(false)}
        />
      )}
    </section>
  );
});
