import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Props of a side drawer. */
export interface DrawerProps {
  /** Which edge it slides in from. */
  side: "left" | "right";
  /** Its visible title, also its accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal side drawer (tools spec §2): 80% of the viewport width up to 320px, closed by Escape,
 * by the backdrop or by its close button. Focus moves into it and goes back where it was on close.
 */
export function Drawer({ side, title, onClose, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement;
    panel.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Something inside (a menu, a rename) that handled the key itself has the first say.
    if (event.defaultPrevented) return;
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    // Keep focus inside while the drawer is open: the page behind it is inert.
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(focusableSelector));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const edge =
    side === "left"
      ? "left-0 border-r starting:-translate-x-full"
      : "right-0 border-l starting:translate-x-full";
  return (
    <div className="fixed inset-0 z-40">
      {/* Pointer convenience only: Escape and the close button do the same from the keyboard. */}
      <div
        aria-hidden="true"
        data-drawer-backdrop=""
        onClick={onClose}
        className="absolute inset-0 bg-black/60 transition-opacity duration-300 starting:opacity-0"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`absolute inset-y-0 flex w-[80vw] max-w-[320px] flex-col border-border bg-surface shadow-xl transition-transform duration-300 ${edge}`}
      >
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border px-4">
          <h2 id={titleId} className="text-sm font-semibold tracking-wider text-neutral-300">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="flex size-9 items-center justify-center rounded-md text-neutral-400 transition-colors duration-150 hover:bg-surface-raised hover:text-neutral-100"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col">{children}</div>
      </div>
    </div>
  );
}
