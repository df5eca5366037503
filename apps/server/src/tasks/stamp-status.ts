import { isTerminalTaskState, type TaskMetadata, type TaskState } from "@a2a-chat/contracts";

/**
 * Task metadata after a move to a state: updated_at always; started_at the first time work
 * starts; completed_at and execution_time_ms (from started_at, else created_at) on a terminal
 * state. Pure, so the clock is passed in.
 */
export function stampStatus(metadata: TaskMetadata, state: TaskState, now: Date): TaskMetadata {
  const at = now.toISOString();
  const next: TaskMetadata = { ...metadata, updated_at: at };
  if (state === "working" && next.started_at === undefined) next.started_at = at;
  if (isTerminalTaskState(state)) {
    next.completed_at = at;
    const started = Date.parse(next.started_at ?? next.created_at);
    if (Number.isFinite(started)) next.execution_time_ms = Math.max(0, now.getTime() - started);
  }
  return next;
}
