import { type PageWindow, pageLabel, showingLabel } from "./table-paging.js";

const buttonClass =
  "rounded-md border border-border px-3 py-1 text-sm text-neutral-200 hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-40";

/** 'Showing A to B of N results' with Previous / 'Page X of Y' / Next. */
export function TablePager({
  window,
  onPage,
}: {
  window: PageWindow;
  onPage: (page: number) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-neutral-400">
      <p aria-live="polite">{showingLabel(window)}</p>
      <nav aria-label="Pagination" className="flex items-center gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={window.page <= 1}
          onClick={() => onPage(window.page - 1)}
        >
          Previous
        </button>
        <span>{pageLabel(window)}</span>
        <button
          type="button"
          className={buttonClass}
          disabled={window.page >= window.pageCount}
          onClick={() => onPage(window.page + 1)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
