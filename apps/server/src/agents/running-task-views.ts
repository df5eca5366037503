import type { Task as SdkTask } from "@a2a-js/sdk";
import type { ServerCallContext } from "@a2a-js/sdk/server";

interface Running {
  context: ServerCallContext;
  view: SdkTask | undefined;
}

/**
 * The SDK reloads a task from the store for every event its request processes: thousands per
 * streamed reply, although a text delta changes nothing stored. While our executor runs a task,
 * the loads made by that task's own request are served the task as the store last read it, until
 * the executor is about to publish an event that follows a stored change (a status, an artifact,
 * the reply); the load for that event reads the tables again. So between two stored changes
 * only deltas see the kept view, and no delta touches the database. Other requests (get, cancel,
 * resubscribe) always read the tables.
 */
export class RunningTaskViews {
  private readonly running = new Map<string, Running>();

  /** The executor starts running a task for the request with this context. */
  start(taskId: string, context: ServerCallContext): void {
    this.running.set(taskId, { context, view: undefined });
  }

  /** Something about the task was stored: its next load reads the tables. */
  changed(taskId: string): void {
    const running = this.running.get(taskId);
    if (running) running.view = undefined;
  }

  /** The run for this context ended. */
  end(taskId: string, context: ServerCallContext): void {
    if (this.running.get(taskId)?.context === context) this.running.delete(taskId);
  }

  /** A copy of the kept view, for a load by the running request; undefined means read the tables. */
  get(taskId: string, context: ServerCallContext): SdkTask | undefined {
    const running = this.running.get(taskId);
    if (running?.context !== context || !running.view) return undefined;
    return copyOfTask(running.view);
  }

  /** Keeps what a load by the running request read from the tables. */
  keep(taskId: string, context: ServerCallContext, task: SdkTask): void {
    const running = this.running.get(taskId);
    if (running?.context === context) running.view = copyOfTask(task);
  }
}

/**
 * A copy the SDK may change without touching the original: it replaces the task's status,
 * history and metadata, pushes to its artifacts and rewrites an artifact's fields in place.
 */
export function copyOfTask(task: SdkTask): SdkTask {
  return {
    ...task,
    status: task.status && { ...task.status },
    history: [...task.history],
    artifacts: task.artifacts.map((artifact) => ({ ...artifact })),
    metadata: task.metadata && { ...task.metadata },
  };
}
