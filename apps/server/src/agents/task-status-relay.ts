import type { Task } from "@a2a-chat/contracts";

/**
 * Status changes of a running turn that something other than the turn itself stores: the task
 * waits for the user while one of its tool calls asks them something (input-required), then works
 * again. The turn that runs here listens, and publishes each change on its task's event bus, so
 * the A2A stream of the message that started it (and any resubscriber) sees the wait as an A2A
 * client expects: the stream ends at input-required and the user's answer is a message on the
 * same task.
 */
export class TaskStatusRelay {
  private readonly listeners = new Map<string, (task: Task) => void>();

  /** The turn running `taskId` here publishes the changes it is told of; returns the undo. */
  listen(taskId: string, listener: (task: Task) => void): () => void {
    this.listeners.set(taskId, listener);
    return () => {
      if (this.listeners.get(taskId) === listener) this.listeners.delete(taskId);
    };
  }

  /** A change to the task was stored (committed): its turn, when it runs here, publishes it. */
  changed(task: Task): void {
    this.listeners.get(task.id)?.(task);
  }
}
