import {
  elicitationAnswerSchema,
  mcpRequestMessages,
  samplingAnswerSchema,
} from "@a2a-chat/contracts";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
} from "@modelcontextprotocol/sdk/types.js";
import { type AskPlace, askUser } from "./ask-user.js";
import { RelayError } from "./relay-error.js";
import { runSampling, samplingModel, textMessages } from "./run-sampling.js";

/** While the user is asked, the call's own clock stops (see call-clock.ts). */
export interface AskHooks {
  waiting(): void;
  answered(): void;
}

/** Where one upstream session's requests go: the caller, the deadline, the call's clock. */
export interface RelayPlace extends AskPlace {
  timeoutMs: number;
  signal: AbortSignal;
  hooks?: AskHooks;
}

/** Asks the user one of the server's questions, the call's clock standing still meanwhile. */
export async function ask(
  place: RelayPlace,
  kind: "elicitation" | "sampling",
  params: unknown,
  question: string,
  signal: AbortSignal,
) {
  place.hooks?.waiting();
  try {
    return await askUser(place, kind, params, {
      timeoutMs: place.timeoutMs,
      signal: AbortSignal.any([place.signal, signal]),
      question,
    });
  } finally {
    place.hooks?.answered();
  }
}

/**
 * Answers an upstream server's `elicitation/create` and `sampling/createMessage` with the user's
 * answer: a request row the user's browser shows (see ask-user.ts). Nobody answering in time is
 * a `cancel` for an elicitation and an error for sampling; sampling with no model configured is
 * refused at once, without asking.
 */
export function relayRequests(client: Client, place: RelayPlace): void {
  client.setRequestHandler(ElicitRequestSchema, async (request, extra): Promise<ElicitResult> => {
    const outcome = await ask(
      place,
      "elicitation",
      request.params,
      request.params.message,
      extra.signal,
    );
    if (outcome.status !== "answered") return { action: "cancel" };
    const answer = elicitationAnswerSchema.parse(outcome.answer);
    return answer.action === "accept"
      ? { action: "accept", content: answer.content ?? {} }
      : { action: answer.action };
  });
  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
    const { params } = request;
    if (!samplingModel(place.services.config))
      throw new RelayError(ErrorCode.InvalidRequest, mcpRequestMessages.noModel);
    if (!textMessages(params))
      throw new RelayError(ErrorCode.InvalidParams, mcpRequestMessages.onlyText);
    const question = `${place.serverName} asks to use the model`;
    const outcome = await ask(place, "sampling", params, question, extra.signal);
    if (outcome.status !== "answered")
      throw new RelayError(ErrorCode.RequestTimeout, mcpRequestMessages.timedOut);
    const answer = samplingAnswerSchema.parse(outcome.answer);
    if (answer.action === "deny")
      throw new RelayError(ErrorCode.InvalidRequest, mcpRequestMessages.samplingDenied);
    return runSampling(
      place.services.config,
      params,
      answer,
      AbortSignal.any([place.signal, extra.signal]),
    );
  });
}
