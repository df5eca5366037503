import type { ToolExecution } from "./execution-queue.js";
import { progressView } from "./run-progress.js";

/** A running call's progress bar (when the tool reports a total), message and elapsed time. */
export function ProgressLine({
  execution,
  now,
  compact = false,
}: {
  execution: ToolExecution;
  now: number;
  compact?: boolean;
}) {
  const view = progressView(execution, now);
  return (
    <div className={compact ? "mt-1.5 space-y-1" : "w-full max-w-sm space-y-2"}>
      {view.percent === undefined ? null : (
        <div
          role="progressbar"
          aria-label={`Progress of ${execution.toolName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.percent}
          className="h-1.5 overflow-hidden rounded-full bg-neutral-800"
        >
          <div
            className="h-full bg-primary-500 transition-[width] duration-300"
            style={{ width: `${view.percent}%` }}
          />
        </div>
      )}
      <p className="flex justify-between gap-2 text-neutral-400">
        <span className="truncate">
          {view.percent === undefined ? "" : `${view.percent}%`}
          {view.message ? ` ${view.message}` : ""}
        </span>
        <span className="shrink-0 tabular-nums">{view.elapsedSeconds.toFixed(1)} s</span>
      </p>
    </div>
  );
}
