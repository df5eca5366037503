/** The title button of a collapsible panel: a chevron, the title, and what it opens. */
export function PanelToggle({
  title,
  open,
  controls,
  onToggle,
}: {
  title: string;
  open: boolean;
  /** Id of the panel body the button shows and hides. */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="flex flex-1 items-center gap-2 text-left font-medium text-neutral-100"
    >
      <span aria-hidden="true" className="text-neutral-400">
        {open ? "▾" : "▸"}
      </span>
      {title}
    </button>
  );
}
