import {
  type ListTasksRequest,
  type SendMessageRequest,
  type StreamResponse,
  type SubscribeToTaskRequest,
  TaskState,
} from "@a2a-js/sdk";
import { RequestMalformedError } from "@a2a-js/sdk/errors";
import { DefaultRequestHandler, type ServerCallContext } from "@a2a-js/sdk/server";
import { createContext } from "../contexts/context-commands.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import type { Services } from "../http/services.js";
import { answerFromMessage } from "../mcp/requests/answer-from-message.js";
import { canUseContext } from "../policies/contexts.js";
import { checkMessageSize, checkStorage, checkStorageUsed } from "../quotas/quota-checks.js";
import { callerOf } from "./caller-user.js";
import { conversationNameOf } from "./conversation-name.js";
import { DeltaStream } from "./direct-deltas.js";
import { clientGoneKey, followStoredTask } from "./follow-stored-task.js";
import type { GuardedPushNotificationStore } from "./guarded-push-store.js";
import { messageFromSdk } from "./sdk-convert.js";
import type { StreamedReplies } from "./streamed-replies.js";

/** Refusal of a message whose context id is not one of the caller's conversations. */
export const notYourConversationMessage = "message.contextId must be one of your conversations";

/** States after which our agents publish nothing until the user sends the next message. */
const waitingStates: readonly TaskState[] = [
  TaskState.TASK_STATE_INPUT_REQUIRED,
  TaskState.TASK_STATE_AUTH_REQUIRED,
];

/**
 * Whether a streamed event ends the turn: the task waits for the user. The SDK keeps a stream
 * open after auth-required (for credentials injected out of band), but our agents resume an
 * auth-required task only on the user's next message, which streams on its own request: left
 * open, the stream would hang until the client gives up.
 */
export function endsTurn(response: StreamResponse): boolean {
  const payload = response.payload;
  const status =
    payload?.$case === "statusUpdate" || payload?.$case === "task"
      ? payload.value.status
      : undefined;
  return status !== undefined && waitingStates.includes(status.state);
}

/**
 * The SDK's request handler. Before the SDK stores anything, a message is checked whole: its
 * conversation must be the caller's (so an agent never touches another user's data) and its
 * push-notification URL acceptable; a refused call changes nothing. A message without a
 * conversation (and without a task) starts a new one, as A2A lets the server do.
 */
export class AgentRequestHandler extends DefaultRequestHandler {
  private services?: Services;
  private replies?: StreamedReplies;
  private pushStore?: GuardedPushNotificationStore;
  private isRunningHere?: (taskId: string) => boolean;

  /**
   * Must be called once after construction (the base constructor takes many positionals), with
   * the executor's record of running replies and the push store that vets URLs.
   */
  withServices(
    services: Services,
    replies?: StreamedReplies,
    pushStore?: GuardedPushNotificationStore,
    isRunningHere?: (taskId: string) => boolean,
  ): this {
    this.services = services;
    this.replies = replies;
    this.pushStore = pushStore;
    this.isRunningHere = isRunningHere;
    return this;
  }

  /** Checks a send completely, then returns its params with the conversation filled in. */
  private async prepare(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<SendMessageRequest> {
    const services = this.services;
    if (!services) throw new Error("AgentRequestHandler used before withServices");
    const message = params.message;
    if (!message) throw new RequestMalformedError("request.message is required.");
    const caller = callerOf(context);
    const { quotas } = services.config;
    // The conversation's owner and the caller's stored bytes come in one query (both unlocked
    // reads, as before); the checks still run in the same order.
    let used: number | undefined;
    if (message.contextId) {
      const contexts = new ContextStatsRepository(services.db.kysely);
      const found =
        quotas.storageBytesPerUser > 0
          ? await contexts.findWithUserBytes(message.contextId, caller.userId)
          : await contexts.find(message.contextId).then((row) => row && { row, userBytes: 0 });
      if (!canUseContext(caller, found?.row)) {
        throw new RequestMalformedError(notYourConversationMessage);
      }
      used = found?.userBytes;
    }
    const push = params.configuration?.taskPushNotificationConfig;
    if (push) await this.pushStore?.check(push.url, context);
    const bytes = checkMessageSize(messageFromSdk(message).parts, quotas);
    if (used === undefined) await checkStorage(services.db.kysely, caller.userId, quotas, bytes);
    else checkStorageUsed(used, quotas, bytes);
    // A follow-up names its task; the SDK takes the conversation from it (scoped to the caller).
    if (message.contextId || message.taskId) return params;
    const created = await createContext(services, caller, conversationNameOf(message));
    return { ...params, message: { ...message, contextId: created.context_id } };
  }

  /**
   * An unset status filter lists every state. The SDK's client sends one it was not given as
   * "UNRECOGNIZED" (state -1), which the SDK itself refuses; any value that names no state was
   * refused before this (see rpcRequestProblem), so -1 here means unset.
   */
  override async listTasks(params: ListTasksRequest, context: ServerCallContext) {
    const unset = params.status === TaskState.UNRECOGNIZED;
    return super.listTasks(
      unset ? { ...params, status: TaskState.TASK_STATE_UNSPECIFIED } : params,
      context,
    );
  }

  /**
   * A message on a task that waits because one of its tool calls asks the user (an MCP
   * server's elicitation) answers that question: the tool call goes on in the run that waits
   * for it, and the sender follows that run. Returns the task's id when the message answered.
   */
  private async answerQuestion(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<string | undefined> {
    const message = params.message;
    if (!this.services || !message?.taskId) return undefined;
    const { userId } = callerOf(context);
    const result = await answerFromMessage(
      this.services,
      userId,
      message.taskId,
      messageFromSdk(message),
    );
    if ("refused" in result) throw new RequestMalformedError(result.refused);
    return result.answered ? message.taskId : undefined;
  }

  override async sendMessage(params: SendMessageRequest, context: ServerCallContext) {
    const prepared = await this.prepare(params, context);
    const answered = await this.answerQuestion(prepared, context);
    if (answered) return this.getTask({ tenant: "", id: answered }, context);
    return super.sendMessage(prepared, context);
  }

  override async *sendMessageStream(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    const prepared = await this.prepare(params, context);
    const answered = await this.answerQuestion(prepared, context);
    if (answered) {
      yield* this.resubscribe({ tenant: "", id: answered }, context);
      return;
    }
    // The reply's text deltas skip the SDK's processing (see direct-deltas.ts): attached to the
    // task's bus when the SDK takes it, they go out in order among the SDK's events.
    const deltas = DeltaStream.expect(context);
    try {
      yield* deltas.merge(super.sendMessageStream(prepared, context), endsTurn);
    } finally {
      deltas.close(context);
    }
  }

  /**
   * Subscribing to a running task: the task, then the text its reply streamed so far (stored
   * tasks hold a reply only once it ends), then what follows.
   */
  override async *resubscribe(
    params: SubscribeToTaskRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    if (this.services && !this.isRunningHere?.(params.id)) {
      yield* this.followElsewhere(params, context, this.services);
      return;
    }
    // Deltas go out only after the task and the text so far, which are not bus events.
    const deltas = DeltaStream.expect(context, false);
    try {
      const events = super.resubscribe(params, context);
      // The first step attaches to the task's event bus (the SDK's queue and our deltas) before
      // its first await; the text read right after it is exactly what was published before, so
      // no piece is lost or repeated.
      const first = events.next();
      const soFar = this.replies?.soFar(params.id);
      const head = await first;
      if (head.done) return;
      yield head.value;
      // A task that already waits for the user has nothing more to stream until they answer.
      if (endsTurn(head.value)) {
        await events.return();
        return;
      }
      if (soFar) yield { payload: { $case: "statusUpdate", value: soFar } };
      deltas.open();
      yield* deltas.merge(events, endsTurn);
    } finally {
      deltas.close(context);
    }
  }

  /**
   * Subscribing to a task this process does not run (another replica runs it, or ran it until
   * it died): the task as stored, then what its runner saves and stores, to its end.
   */
  private async *followElsewhere(
    params: SubscribeToTaskRequest,
    context: ServerCallContext,
    services: Services,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    // The SDK checks the task is the caller's and not ended, and sends it first.
    const events = super.resubscribe(params, context);
    const head = await events.next();
    await events.return();
    if (head.done) return;
    yield head.value;
    if (endsTurn(head.value) || head.value.payload?.$case !== "task") return;
    const artifactIds = head.value.payload.value.artifacts.map((a) => a.artifactId);
    const gone = context.state.get(clientGoneKey);
    yield* followStoredTask(
      services,
      params.id,
      { artifactIds },
      gone instanceof AbortSignal ? gone : undefined,
    );
  }
}
