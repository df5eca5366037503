import type { SendMessageRequest, StreamResponse, SubscribeToTaskRequest } from "@a2a-js/sdk";
import { RequestMalformedError } from "@a2a-js/sdk/errors";
import { DefaultRequestHandler, type ServerCallContext } from "@a2a-js/sdk/server";
import { ContextsRepository } from "../db/repositories/contexts.js";
import type { Services } from "../http/services.js";
import { canUseContext } from "../policies/contexts.js";
import { callerOf } from "./caller-user.js";
import type { StreamedReplies } from "./streamed-replies.js";

/** Refusal of a message whose context id is not one of the caller's conversations. */
export const notYourConversationMessage = "message.contextId must be one of your conversations";

/**
 * The SDK's request handler, refusing up front (as a JSON-RPC error) any message whose context
 * id is not one of the caller's conversations, so an agent never touches another user's data.
 */
export class AgentRequestHandler extends DefaultRequestHandler {
  private services?: Services;
  private replies?: StreamedReplies;

  /**
   * Must be called once after construction (the base constructor takes many positionals), with
   * the executor's record of running replies.
   */
  withServices(services: Services, replies?: StreamedReplies): this {
    this.services = services;
    this.replies = replies;
    return this;
  }

  private async checkContext(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<void> {
    const services = this.services;
    if (!services) throw new Error("AgentRequestHandler used before withServices");
    const contextId = params.message?.contextId;
    if (!contextId) throw new RequestMalformedError(notYourConversationMessage);
    const row = await new ContextsRepository(services.db.kysely).findById(contextId);
    if (!canUseContext(callerOf(context), row))
      throw new RequestMalformedError(notYourConversationMessage);
  }

  override async sendMessage(params: SendMessageRequest, context: ServerCallContext) {
    await this.checkContext(params, context);
    return super.sendMessage(params, context);
  }

  override async *sendMessageStream(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    await this.checkContext(params, context);
    yield* super.sendMessageStream(params, context);
  }

  /**
   * Subscribing to a running task: the task, then the text its reply streamed so far (stored
   * tasks hold a reply only once it ends), then what follows.
   */
  override async *resubscribe(
    params: SubscribeToTaskRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    const events = super.resubscribe(params, context);
    // The first step attaches to the task's event bus before its first await; the text read
    // right after it is exactly what was published before, so no piece is lost or repeated.
    const first = events.next();
    const soFar = this.replies?.soFar(params.id);
    const head = await first;
    if (head.done) return;
    yield head.value;
    if (soFar) yield { payload: { $case: "statusUpdate", value: soFar } };
    yield* events;
  }
}
