import { mcpRequestMessages, type SamplingAnswer } from "@a2a-chat/contracts";
import {
  type CreateMessageRequest,
  type CreateMessageResult,
  ErrorCode,
} from "@modelcontextprotocol/sdk/types.js";
import type { ModelMessage } from "ai";
import { loadAiSdk } from "../../agents/providers/ai-sdk.js";
import { resolveModel } from "../../agents/providers/resolve-model.js";
import type { Config } from "../../config/schema.js";
import { RelayError } from "./relay-error.js";

type SamplingParams = CreateMessageRequest["params"];
type Approved = Extract<SamplingAnswer, { action: "approve" }>;

/** The configured model sampling runs on ("auto": the first provider configured), if any. */
export function samplingModel(config: Config) {
  try {
    return resolveModel("auto", config.providers);
  } catch {
    return undefined;
  }
}

/** The request's messages as text, or undefined when one holds anything else (an image…). */
export function textMessages(params: SamplingParams): ModelMessage[] | undefined {
  const messages: ModelMessage[] = [];
  for (const message of params.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const texts: string[] = [];
    for (const block of blocks) {
      if (block.type !== "text") return undefined;
      texts.push(block.text);
    }
    messages.push({ role: message.role, content: texts.join("\n") });
  }
  return messages;
}

/**
 * Runs a sampling request the user approved (with their edits) on the configured model and
 * answers in MCP's shape. Failures reach the server as errors with the reason.
 */
export async function runSampling(
  config: Config,
  params: SamplingParams,
  approved: Approved,
  signal: AbortSignal,
): Promise<CreateMessageResult> {
  const model = samplingModel(config);
  if (!model) throw new RelayError(ErrorCode.InvalidRequest, mcpRequestMessages.noModel);
  const messages: ModelMessage[] | undefined = approved.messages
    ? approved.messages.map((m) => ({ role: m.role, content: m.content.text }))
    : textMessages(params);
  if (!messages) throw new RelayError(ErrorCode.InvalidParams, mcpRequestMessages.onlyText);
  const system = approved.system_prompt ?? params.systemPrompt;
  try {
    // Streamed (and gathered): every provider we configure streams, the test fakes included.
    const [{ streamText }, languageModel] = await Promise.all([loadAiSdk(), model.languageModel()]);
    const result = streamText({
      model: languageModel,
      ...(system ? { system } : {}),
      messages,
      maxOutputTokens: approved.max_tokens ?? params.maxTokens,
      ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
      ...(params.stopSequences ? { stopSequences: params.stopSequences } : {}),
      abortSignal: signal,
      maxRetries: 0,
      onError: () => {},
    });
    const [text, finishReason] = await Promise.all([result.text, result.finishReason]);
    return {
      role: "assistant",
      content: { type: "text", text },
      model: `${model.provider}:${model.modelId}`,
      stopReason: finishReason === "length" ? "maxTokens" : "endTurn",
    };
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RelayError(ErrorCode.InternalError, mcpRequestMessages.modelFailed(reason));
  }
}
