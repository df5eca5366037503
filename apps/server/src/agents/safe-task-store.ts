import type { ListTasksRequest, ListTasksResponse, Task } from "@a2a-js/sdk";
import { A2AError } from "@a2a-js/sdk/errors";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";
import { AppError } from "../http/errors.js";
import type { Logger } from "../log/logger.js";
import { internalErrorMessage } from "./safe-request-handler.js";

/**
 * A task store whose failures carry no internal text. The SDK copies a store error's message
 * into the failed task's status ("Event processing loop failed: …"), which is stored and sent to
 * the client; a database error is logged here and replaced by a bare internal error.
 */
export class SafeTaskStore implements TaskStore {
  constructor(
    private readonly inner: TaskStore,
    private readonly logger: Logger,
  ) {}

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof A2AError || error instanceof AppError) throw error;
      this.logger.error({ err: error }, "task store failed");
      // The cause stays for the server (a database outage is answered with a 503), never the client.
      throw new Error(internalErrorMessage, { cause: error });
    }
  }

  load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    return this.guard(() => this.inner.load(taskId, context));
  }

  save(task: Task, context: ServerCallContext): Promise<void> {
    return this.guard(() => this.inner.save(task, context));
  }

  list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return this.guard(() => this.inner.list(params, context));
  }
}
