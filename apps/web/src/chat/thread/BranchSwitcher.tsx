import type { BranchPlace } from "../engine/branch-view.js";

/** Props of a message's branch switcher. */
export interface BranchSwitcherProps {
  place: BranchPlace;
  /** Shows the branch through one of the siblings. */
  onSwitch: (taskId: string) => void;
}

const arrow =
  "rounded px-1.5 text-neutral-300 hover:bg-neutral-500/20 disabled:opacity-40 disabled:hover:bg-transparent";

/** '‹ 2 / 3 ›': which of the branches at this message is shown, and the way to the others. */
export function BranchSwitcher({ place, onSwitch }: BranchSwitcherProps) {
  const { siblings, index } = place;
  const go = (to: number) => {
    const target = siblings[to];
    if (target) onSwitch(target);
  };
  return (
    <nav aria-label="Branches" className="inline-flex items-center gap-1 text-xs text-neutral-400">
      <button
        type="button"
        className={arrow}
        aria-label="Previous branch"
        disabled={index <= 0}
        onClick={() => go(index - 1)}
      >
        ‹
      </button>
      <span aria-live="polite">
        {index + 1} / {siblings.length}
      </span>
      <button
        type="button"
        className={arrow}
        aria-label="Next branch"
        disabled={index >= siblings.length - 1}
        onClick={() => go(index + 1)}
      >
        ›
      </button>
    </nav>
  );
}
