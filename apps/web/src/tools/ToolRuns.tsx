import { isActiveExecution, type ToolExecution } from "./execution-queue.js";
import { ProgressLine } from "./ProgressLine.js";
import { cancelCall } from "./runner/running-calls.js";
import { isCancelledExecution } from "./runner/tool-errors.js";
import { selectHasActiveExecutions, useToolExecutionsStore } from "./tool-executions-store.js";
import { useNow } from "./useNow.js";

/** How many runs the column lists. */
const shownRuns = 5;

const statusText: Record<ToolExecution["status"], string> = {
  pending: "Pending",
  executing: "Running",
  completed: "Done",
  error: "Failed",
};

/**
 * The tools column's run queue: the latest runs with their status, progress and elapsed time, a
 * Cancel for each running one, and a click opening its result.
 */
export function ToolRuns() {
  const executions = useToolExecutionsStore((state) => state.executions);
  const active = useToolExecutionsStore(selectHasActiveExecutions);
  const now = useNow(active);
  const runs = executions
    .filter((execution) => execution.run)
    .slice(-shownRuns)
    .reverse();
  if (runs.length === 0) return null;
  const open = (id: string) => {
    const store = useToolExecutionsStore.getState();
    store.select(id);
    store.open();
  };
  return (
    <section aria-label="Tool runs" className="space-y-2">
      <h3 className="text-xs font-semibold uppercase tracking-wider text-neutral-400">Runs</h3>
      <ul className="space-y-1.5">
        {runs.map((execution) => {
          const cancelled = isCancelledExecution(execution);
          const failed = execution.status === "error" && !cancelled;
          return (
            <li key={execution.id} className="rounded-md border border-border p-2 text-xs">
              <button
                type="button"
                onClick={() => open(execution.id)}
                className="block w-full truncate text-left font-mono text-neutral-100 hover:underline"
                title={`Show the result of ${execution.toolName}`}
              >
                {execution.toolName}
              </button>
              <div className="mt-1 flex min-h-6 items-center justify-between gap-2">
                <span
                  className={
                    failed
                      ? "text-red-300"
                      : execution.status === "completed"
                        ? "text-emerald-300"
                        : "text-neutral-400"
                  }
                >
                  {cancelled ? "Cancelled" : statusText[execution.status]}
                </span>
                {isActiveExecution(execution) ? (
                  <button
                    type="button"
                    onClick={() => cancelCall(execution.id)}
                    aria-label={`Cancel ${execution.toolName}`}
                    className="rounded border border-border px-1.5 py-0.5 text-neutral-200 hover:bg-neutral-800"
                  >
                    Cancel
                  </button>
                ) : null}
              </div>
              {isActiveExecution(execution) ? (
                <ProgressLine execution={execution} now={now} compact />
              ) : null}
              {execution.status === "error" && execution.error ? (
                <p
                  className={`mt-1 truncate ${failed ? "text-red-300" : "text-neutral-400"}`}
                  title={execution.error}
                >
                  {execution.error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
