import {
  type ScopeFilter,
  type StatusFilter,
  scopeFilters,
  statusFilters,
} from "./task-filters.js";

const base =
  "rounded-md border px-3 py-1 text-xs font-medium transition-colors duration-150 focus-visible:outline-2";
const on = "border-primary-500 bg-primary-500/15 text-primary-200";
const off = "border-border bg-surface-raised text-neutral-300 hover:bg-neutral-800";

/** The task view's status and scope buttons, and 'Clear All' while a filter is active. */
export function TaskFilters({
  status,
  scope,
  filterActive,
  onStatus,
  onScope,
  onClear,
}: {
  status: StatusFilter;
  scope: ScopeFilter;
  filterActive: boolean;
  onStatus: (pressed: StatusFilter) => void;
  onScope: (scope: ScopeFilter) => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <fieldset aria-label="Status filter" className="flex flex-wrap gap-1">
        {statusFilters.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={status === filter.value}
            onClick={() => onStatus(filter.value)}
            className={`${base} ${status === filter.value ? on : off}`}
          >
            {filter.label}
          </button>
        ))}
      </fieldset>
      <fieldset aria-label="Conversation scope" className="flex flex-wrap gap-1">
        {scopeFilters.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={scope === filter.value}
            onClick={() => onScope(filter.value)}
            className={`${base} ${scope === filter.value ? on : off}`}
          >
            {filter.label}
          </button>
        ))}
      </fieldset>
      {filterActive && (
        <button
          type="button"
          onClick={onClear}
          className="text-xs font-medium text-primary-300 underline-offset-2 hover:underline"
        >
          Clear All
        </button>
      )}
    </div>
  );
}
