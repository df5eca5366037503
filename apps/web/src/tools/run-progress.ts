import type { ToolExecution } from "./execution-queue.js";

/** A running execution's progress as the UI shows it. */
export interface ProgressView {
  /** 0–100 when the tool reports a total; undefined otherwise. */
  percent?: number;
  message?: string;
  /** Seconds since the call started executing, one decimal. */
  elapsedSeconds: number;
}

/** Progress, its message and the elapsed time of an execution at `now`. */
export function progressView(
  execution: Pick<ToolExecution, "progress" | "startedAt" | "timestamp">,
  now: number,
): ProgressView {
  const { progress } = execution;
  const total = progress?.total;
  const percent =
    progress && total !== undefined && total > 0
      ? Math.max(0, Math.min(100, Math.round((progress.progress / total) * 100)))
      : undefined;
  const since = execution.startedAt ?? execution.timestamp;
  return {
    ...(percent === undefined ? {} : { percent }),
    ...(progress?.message ? { message: progress.message } : {}),
    elapsedSeconds: Math.max(0, Math.floor((now - since) / 100) / 10),
  };
}
