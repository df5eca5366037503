import type { LanguageModelMiddleware } from "ai";
import { type OpenSpan, openSpan } from "../../observe/tracing.js";
import type { ModelStreamPart } from "./coalesce-deltas.js";

/**
 * A span per model call (each step of a reply that calls tools is one more call), from the
 * request to the end of the model's stream: `chat {model}` with OpenTelemetry's GenAI
 * attributes (provider and model as configured, finish reason, token counts), never the prompt,
 * the reply or a tool's arguments. Off (no tracing) the call passes straight through.
 */
export function modelCallSpans(provider: string, modelId: string): LanguageModelMiddleware {
  return {
    specificationVersion: "v3",
    wrapStream: async ({ doStream }) => {
      const span = openSpan(`chat ${modelId}`, {
        kind: "client",
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": provider,
          "gen_ai.request.model": modelId,
        },
      });
      if (!span) return doStream();
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        span.fail(error instanceof Error ? error.name : "error");
        span.end();
        throw error;
      }
      const reader = result.stream.getReader();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        span.end();
      };
      // Read by hand (not a TransformStream): the span ends however the stream does, at its
      // end, on a failure, or when the reader cancels (a reply cut or cancelled mid-stream).
      const watched = new ReadableStream<ModelStreamPart>({
        async pull(controller) {
          let next: Awaited<ReturnType<typeof reader.read>>;
          try {
            next = await reader.read();
          } catch (error) {
            span.fail(error instanceof Error ? error.name : "error");
            end();
            throw error;
          }
          if (next.done) {
            end();
            controller.close();
            return;
          }
          note(span, next.value);
          controller.enqueue(next.value);
        },
        cancel(reason) {
          end();
          return reader.cancel(reason);
        },
      });
      return { ...result, stream: watched };
    },
  };
}

/** What a part of the model's stream tells the span: the finish reason and token counts. */
function note(span: OpenSpan, part: ModelStreamPart): void {
  if (part.type === "finish") {
    span.set("gen_ai.response.finish_reasons", part.finishReason.unified);
    const { inputTokens, outputTokens } = part.usage;
    if (inputTokens.total !== undefined) span.set("gen_ai.usage.input_tokens", inputTokens.total);
    if (outputTokens.total !== undefined)
      span.set("gen_ai.usage.output_tokens", outputTokens.total);
  } else if (part.type === "error") {
    span.fail("stream_error");
  }
}
