import type { Message as SdkMessage, Task as SdkTask, TaskStatus } from "@a2a-js/sdk";
import type { ServerCallContext } from "@a2a-js/sdk/server";

interface Running {
  context: ServerCallContext;
  view: SdkTask | undefined;
  /** The executor returned; the SDK may still be processing the run's last events. */
  ended: boolean;
  /** The SDK saved the state that ends the run's events (see settled). */
  settled: boolean;
}

/** Ended runs whose views wait for the SDK's last save; past it the oldest are dropped. */
const maxEnded = 100;

/**
 * The SDK reloads a task from the store for every event its request processes: thousands per
 * streamed reply, although a text delta changes nothing stored. While our executor runs a task,
 * the loads made by that task's own request are served a view of the task as stored: the
 * executor hands over the task each time it stores one whole (a status, the reply), and a load
 * after any other change (an artifact) reads the tables again and keeps what it read. So no
 * delta, and no event that follows a change the executor stored, touches the database. Other
 * requests (get, cancel, resubscribe) always read the tables.
 *
 * The SDK processes a run's events after the executor published them, so a view outlives the
 * executor's return until the SDK saved the state that ends the run's events (or, should it
 * never, until newer ended runs push it out).
 */
export class RunningTaskViews {
  private readonly running = new Map<string, Running>();
  private readonly ended: string[] = [];

  /** The executor starts running a task for the request with this context. */
  start(taskId: string, context: ServerCallContext): void {
    this.running.set(taskId, { context, view: undefined, ended: false, settled: false });
  }

  /** Something about the task was stored: its next load reads the tables. */
  changed(taskId: string): void {
    const running = this.running.get(taskId);
    if (running) running.view = undefined;
  }

  /** The executor stored the task and has it whole, as a read of the tables would give it. */
  stored(taskId: string, task: SdkTask): void {
    const running = this.running.get(taskId);
    if (running) running.view = copyOfTask(task);
  }

  /**
   * The executor stored a new status of the running task (and with it, when given, one of the
   * agent's messages: one with the same id replaced where it stands, a new one last, as a read
   * of the tables orders them). The kept view takes the change instead of being read again;
   * with no view kept, the next load reads the tables.
   */
  statusStored(
    taskId: string,
    head: { status: TaskStatus; metadata: SdkTask["metadata"] },
    message?: SdkMessage,
  ): void {
    const running = this.running.get(taskId);
    const view = running?.view;
    if (!view) return;
    // The view is ours alone (loads get copies), so it changes in place.
    view.status = { ...head.status };
    view.metadata = head.metadata && { ...head.metadata };
    if (message) {
      const at = view.history.findIndex((kept) => kept.messageId === message.messageId);
      if (at === -1) view.history.push(message);
      else view.history[at] = message;
    }
  }

  /** The executor's run for this context returned. */
  end(taskId: string, context: ServerCallContext): void {
    const running = this.running.get(taskId);
    if (running?.context !== context) return;
    if (running.settled || !running.view) {
      this.running.delete(taskId);
      return;
    }
    running.ended = true;
    this.ended.push(taskId);
    while (this.ended.length > maxEnded) {
      const oldest = this.ended.shift();
      const entry = oldest === undefined ? undefined : this.running.get(oldest);
      if (oldest !== undefined && entry?.ended) this.running.delete(oldest);
    }
  }

  /**
   * The request with this context saved a state after which the run publishes nothing (an end,
   * or a wait for the user): once the executor returned too, the view is no longer needed.
   */
  settled(taskId: string, context: ServerCallContext): void {
    const running = this.running.get(taskId);
    if (running?.context !== context) return;
    if (running.ended) this.running.delete(taskId);
    else running.settled = true;
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
