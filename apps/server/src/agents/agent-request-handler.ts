import type { SendMessageRequest, StreamResponse } from "@a2a-js/sdk";
import { RequestMalformedError } from "@a2a-js/sdk/errors";
import { DefaultRequestHandler, type ServerCallContext } from "@a2a-js/sdk/server";
import { ContextsRepository } from "../db/repositories/contexts.js";
import type { Services } from "../http/services.js";
import { canUseContext } from "../policies/contexts.js";
import { callerOf } from "./caller-user.js";

/** Refusal of a message whose context id is not one of the caller's conversations. */
export const notYourConversationMessage = "message.contextId must be one of your conversations";

/**
 * The SDK's request handler, refusing up front (as a JSON-RPC error) any message whose context
 * id is not one of the caller's conversations, so an agent never touches another user's data.
 */
export class AgentRequestHandler extends DefaultRequestHandler {
  private services?: Services;

  /** Must be called once after construction (the base constructor takes many positionals). */
  withServices(services: Services): this {
    this.services = services;
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
}
