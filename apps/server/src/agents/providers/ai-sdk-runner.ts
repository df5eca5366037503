import type { JSONSchema7, ModelMessage, Tool, ToolSet } from "ai";
import type {
  FilePart,
  ModelRunner,
  RunnerEvent,
  RunnerInput,
  RunnerTool,
  RunnerToolResult,
} from "../model-runner.js";
import { type AiSdk, loadAiSdk } from "./ai-sdk.js";
import { coalesceDeltasMiddleware } from "./coalesce-deltas.js";
import { modelCallSpans } from "./model-call-span.js";
import { withFiles } from "./model-files.js";
import type { ResolvedLanguageModel, ResolvedModel } from "./resolve-model.js";

/** Most model calls one reply may take (each tool round trip is one more). */
export const defaultMaxSteps = 5;

/** Longest error text shown to the user in the reply. */
const maxErrorLength = 300;

type FinishReason = Extract<RunnerEvent, { kind: "finish" }>["reason"];

/**
 * Runs an agent's reply on a language model through the AI SDK: streams text, lets the model
 * call the agent's tools for up to `maxSteps` model calls, and reports usage at the end.
 * A failure ends the run with a short error line and a finish of reason "error"; an abort
 * ends it at once with no further events (the caller that aborted knows why).
 */
export class AiSdkRunner implements ModelRunner {
  readonly model: string;
  private languageModel: ResolvedLanguageModel | undefined;

  constructor(
    private readonly resolved: ResolvedModel,
    private readonly options: { maxSteps?: number; maxRetries?: number } = {},
  ) {
    this.model = `${resolved.provider}:${resolved.modelId}`;
  }

  /** The provider's model wrapped in our middleware, built on the first run. */
  private async wrapped(ai: AiSdk): Promise<ResolvedLanguageModel> {
    if (this.languageModel) return this.languageModel;
    const { provider, modelId } = this.resolved;
    const model = await this.resolved.languageModel();
    // The span middleware sits outside, so a call's span sees the stream as the SDK reads it.
    const middleware = [modelCallSpans(provider, modelId), coalesceDeltasMiddleware];
    this.languageModel =
      model.specificationVersion === "v3" ? ai.wrapLanguageModel({ model, middleware }) : model;
    return this.languageModel;
  }

  async *run(input: RunnerInput): AsyncIterable<RunnerEvent> {
    const { signal } = input;
    if (signal.aborted) return;
    let messages: ModelMessage[];
    let ai: AiSdk;
    let model: ResolvedLanguageModel;
    try {
      ai = await loadAiSdk();
      model = await this.wrapped(ai);
      messages = await withFiles(input.messages.map(toModelMessage), input.files, signal);
    } catch (error) {
      if (signal.aborted) return;
      yield* this.failed(error);
      return;
    }
    const result = ai.streamText({
      model,
      system: input.systemPrompt,
      messages,
      tools: toToolSet(ai, input.tools),
      stopWhen: ai.stepCountIs(this.options.maxSteps ?? defaultMaxSteps),
      abortSignal: signal,
      ...(this.options.maxRetries === undefined ? {} : { maxRetries: this.options.maxRetries }),
      // Errors arrive as stream parts and are reported below; the default handler would also
      // print them to the console.
      onError: () => {},
    });

    try {
      for await (const part of result.fullStream) {
        if (signal.aborted) return;
        switch (part.type) {
          case "text-delta":
            if (part.text) yield { kind: "text-delta", text: part.text };
            break;
          case "tool-call":
            yield {
              kind: "tool-call",
              id: part.toolCallId,
              name: part.toolName,
              args: isRecord(part.input) ? part.input : {},
            };
            break;
          case "tool-result":
            yield {
              kind: "tool-result",
              id: part.toolCallId,
              name: part.toolName,
              result: asToolResult(part.output),
            };
            break;
          case "tool-error":
            yield {
              kind: "tool-result",
              id: part.toolCallId,
              name: part.toolName,
              result: { isError: true, text: errorMessage(part.error) },
            };
            break;
          case "error":
            yield* this.failed(part.error);
            return;
          case "abort":
            return;
          case "finish":
            yield {
              kind: "finish",
              reason: toFinishReason(part.finishReason),
              model: this.model,
              inputTokens: part.totalUsage.inputTokens,
              outputTokens: part.totalUsage.outputTokens,
            };
            return;
          default:
            break;
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      yield* this.failed(error);
    }
  }

  private *failed(error: unknown): Generator<RunnerEvent> {
    yield { kind: "text-delta", text: `\n\nThe model call failed: ${errorMessage(error)}` };
    yield { kind: "finish", reason: "error", model: this.model };
  }
}

function toModelMessage(message: RunnerInput["messages"][number]): ModelMessage {
  return message.role === "user"
    ? { role: "user", content: message.text }
    : { role: "assistant", content: message.text };
}

function toToolSet(ai: AiSdk, tools: RunnerTool[]): ToolSet {
  const set: Record<string, Tool<Record<string, unknown>, RunnerToolResult>> = {};
  for (const runnerTool of tools) {
    set[runnerTool.name] = ai.tool<Record<string, unknown>, RunnerToolResult>({
      description: runnerTool.description,
      inputSchema: ai.jsonSchema<Record<string, unknown>>(runnerTool.inputSchema as JSONSchema7),
      execute: (args, { abortSignal }) =>
        runnerTool.execute(args, abortSignal ?? new AbortController().signal),
      // The model sees the tool's text; structured data goes to the artifact, not the prompt.
      toModelOutput: ({ output }) =>
        output.isError
          ? { type: "error-text", value: output.text }
          : { type: "text", value: output.text },
    });
  }
  return set;
}

function toFinishReason(reason: string): FinishReason {
  switch (reason) {
    case "stop":
    case "length":
    case "tool-calls":
    case "error":
      return reason;
    default:
      return "other";
  }
}

function asToolResult(output: unknown): RunnerToolResult {
  if (isRecord(output) && typeof output.isError === "boolean" && typeof output.text === "string") {
    return {
      isError: output.isError,
      text: output.text,
      ...(output.data === undefined ? {} : { data: output.data }),
      ...(typeof output.executionId === "string" ? { executionId: output.executionId } : {}),
      // Our own toRunnerResult made these file parts; they pass through as they are.
      ...(Array.isArray(output.files) ? { files: output.files as FilePart[] } : {}),
    };
  }
  return { isError: false, text: typeof output === "string" ? output : JSON.stringify(output) };
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const oneLine = message.replace(/\s+/g, " ").trim() || "unknown error";
  return oneLine.length > maxErrorLength ? `${oneLine.slice(0, maxErrorLength - 1)}…` : oneLine;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
