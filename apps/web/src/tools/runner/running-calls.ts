/** The calls running now, by execution id: cancelling one aborts its MCP request. */
const running = new Map<string, AbortController>();

/** Registers a running call; the returned function forgets it again. */
export function trackCall(executionId: string, controller: AbortController): () => void {
  running.set(executionId, controller);
  return () => {
    if (running.get(executionId) === controller) running.delete(executionId);
  };
}

/** Why a call the user cancelled was aborted. */
export const cancelledByUserReason = "Cancelled by the user";

/** Cancels a running call (the server is told with notifications/cancelled); false if none. */
export function cancelCall(executionId: string): boolean {
  const controller = running.get(executionId);
  if (!controller) return false;
  controller.abort(cancelledByUserReason);
  return true;
}

/** Whether the execution's call is running here (and so can be cancelled). */
export function isCallRunning(executionId: string): boolean {
  return running.has(executionId);
}
