import { databaseUnavailableMessage } from "@a2a-chat/contracts";
import type {
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetExtendedAgentCardRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTasksRequest,
  SendMessageRequest,
  SubscribeToTaskRequest,
  TaskPushNotificationConfig,
} from "@a2a-js/sdk";
import { A2AError, RequestMalformedError, TaskNotFoundError } from "@a2a-js/sdk/errors";
import type { A2ARequestHandler, ServerCallContext } from "@a2a-js/sdk/server";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { AppError } from "../http/errors.js";
import type { Logger } from "../log/logger.js";

/** The only text a client gets for a failure inside the server. */
export const internalErrorMessage = "Internal error";

/**
 * An error as a protocol peer may see it. A2A errors are ours or the SDK's and meant for the
 * caller; our own refusals (AppError) become the matching A2A error with their message; anything
 * else (a database error, a bug) is logged and replaced by a bare internal error, so no internal
 * text (SQL, driver messages, stack details) ever reaches a client.
 */
export function toClientError(error: unknown, logger: Logger): A2AError {
  if (error instanceof A2AError) return error;
  if (error instanceof AppError) {
    if (error.code === "not_found") return new TaskNotFoundError(error.message);
    if (error.status < 500) return new RequestMalformedError(error.message);
  }
  if (isDatabaseUnavailable(error)) {
    // Kept as the cause: the route answers such calls with 503 database_unavailable.
    const unavailable = new A2AError(databaseUnavailableMessage);
    unavailable.cause = error;
    return unavailable;
  }
  logger.error({ err: error }, "A2A call failed inside the server");
  return new A2AError(internalErrorMessage);
}

/**
 * A request handler that lets no internal error text out: every call, and every item of a
 * streamed one, goes through toClientError.
 */
export class SafeRequestHandler implements A2ARequestHandler {
  constructor(
    private readonly inner: A2ARequestHandler,
    private readonly logger: Logger,
  ) {}

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw toClientError(error, this.logger);
    }
  }

  private async *guardStream<T>(stream: () => AsyncGenerator<T, void, undefined>) {
    try {
      yield* stream();
    } catch (error) {
      throw toClientError(error, this.logger);
    }
  }

  getAgentCard() {
    return this.guard(() => this.inner.getAgentCard());
  }
  getAuthenticatedExtendedAgentCard(p: GetExtendedAgentCardRequest, c: ServerCallContext) {
    return this.guard(() => this.inner.getAuthenticatedExtendedAgentCard(p, c));
  }
  sendMessage(p: SendMessageRequest, c: ServerCallContext) {
    return this.guard(() => this.inner.sendMessage(p, c));
  }
  sendMessageStream(p: SendMessageRequest, c: ServerCallContext) {
    return this.guardStream(() => this.inner.sendMessageStream(p, c));
  }
  getTask(p: GetTaskRequest, c: ServerCallContext) {
    return this.guard(() => this.inner.getTask(p, c));
  }
  listTasks(p: ListTasksRequest, c: ServerCallContext) {
    return this.guard(() => this.inner.listTasks(p, c));
  }
  cancelTask(p: CancelTaskRequest, c: ServerCallContext) {
    return this.guard(() => this.inner.cancelTask(p, c));
  }
  createTaskPushNotificationConfig(p: TaskPushNotificationConfig, c: ServerCallContext) {
    return this.guard(() => this.inner.createTaskPushNotificationConfig(p, c));
  }
  getTaskPushNotificationConfig(p: GetTaskPushNotificationConfigRequest, c: ServerCallContext) {
    return this.guard(() => this.inner.getTaskPushNotificationConfig(p, c));
  }
  listTaskPushNotificationConfigs(p: ListTaskPushNotificationConfigsRequest, c: ServerCallContext) {
    return this.guard(() => this.inner.listTaskPushNotificationConfigs(p, c));
  }
  deleteTaskPushNotificationConfig(
    p: DeleteTaskPushNotificationConfigRequest,
    c: ServerCallContext,
  ) {
    return this.guard(() => this.inner.deleteTaskPushNotificationConfig(p, c));
  }
  resubscribe(p: SubscribeToTaskRequest, c: ServerCallContext) {
    return this.guardStream(() => this.inner.resubscribe(p, c));
  }
}
