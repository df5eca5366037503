import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { CopyButton } from "./CopyButton.js";

/** Title of the raw structured data dialog (core spec §2.3). */
export const rawStructuredDataTitle = "Raw Structured Data";

/** A modal with the raw JSON, a copy button and a close button; Escape closes it too. */
export function RawDataModal({ json, onClose }: { json: string; onClose: () => void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement;
    closeRef.current?.focus();
    return () => {
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, []);

  // On the document, so Escape works wherever focus went (clicking the text moves it to body).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        onClose();
        return;
      }
      if (event.key !== "Tab") return;
      // Keeps keyboard focus inside the modal: Tab wraps between its buttons.
      const buttons = Array.from(dialogRef.current?.querySelectorAll("button") ?? []);
      const first = buttons[0];
      const last = buttons[buttons.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  // Portalled: a virtualised row is transformed, which would trap a fixed overlay inside it.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="flex max-h-[80vh] w-full max-w-2xl flex-col rounded-lg border border-border bg-surface-raised shadow-xl"
      >
        <header className="flex items-center gap-2 border-b border-border px-4 py-3">
          <h2 id={titleId} className="flex-1 font-semibold text-neutral-100">
            {rawStructuredDataTitle}
          </h2>
          <CopyButton text={json} title="Copy raw JSON" />
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="rounded px-2 py-0.5 text-xs text-neutral-300 hover:bg-neutral-800"
          >
            Close
          </button>
        </header>
        <pre className="overflow-auto p-4 text-xs text-neutral-100">
          <code>{json}</code>
        </pre>
      </div>
    </div>,
    document.body,
  );
}
