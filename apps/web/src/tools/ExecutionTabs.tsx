import { type KeyboardEvent, useRef } from "react";
import type { ToolExecution } from "./execution-queue.js";

/** Props of ExecutionTabs. */
export interface ExecutionTabsProps {
  executions: ToolExecution[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Id of the tab panel the tabs control. */
  panelId: string;
  /** Id prefix of the tabs, so the panel can name its tab. */
  tabIdPrefix: string;
}

const statusMarks: Record<ToolExecution["status"], string> = {
  pending: "Pending",
  executing: "Running",
  completed: "Done",
  error: "Failed",
};

/** One tab per execution; arrow keys, Home and End move between them (WAI-ARIA tabs). */
export function ExecutionTabs({
  executions,
  selectedId,
  onSelect,
  panelId,
  tabIdPrefix,
}: ExecutionTabsProps) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = executions.findIndex((execution) => execution.id === selectedId);
  // With nothing selected the first tab still takes focus from the keyboard.
  const focusIndex = selectedIndex < 0 ? 0 : selectedIndex;

  const move = (event: KeyboardEvent, index: number) => {
    const last = executions.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    const execution = target === undefined ? undefined : executions[target];
    if (target === undefined || !execution) return;
    event.preventDefault();
    onSelect(execution.id);
    tabs.current[target]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Tool executions"
      className="mb-4 flex gap-1 overflow-x-auto border-b border-border"
    >
      {executions.map((execution, index) => {
        const selected = execution.id === selectedId;
        return (
          <button
            key={execution.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`${tabIdPrefix}-${execution.id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={index === focusIndex ? 0 : -1}
            onClick={() => onSelect(execution.id)}
            onKeyDown={(event) => move(event, index)}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm transition-colors duration-150 ${
              selected
                ? "border-primary-500 text-neutral-100"
                : "border-transparent text-neutral-400 hover:text-neutral-100"
            }`}
          >
            {execution.toolName}
            <span className="ml-2 text-xs text-neutral-500">{statusMarks[execution.status]}</span>
          </button>
        );
      })}
    </div>
  );
}
