import type { LanguageModelMiddleware } from "ai";

type StreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware["wrapStream"]>>>;
/** One part of a provider model's stream (the AI SDK's LanguageModelV3StreamPart). */
export type ModelStreamPart = StreamResult["stream"] extends ReadableStream<infer P> ? P : never;

type Delta = Extract<ModelStreamPart, { type: "text-delta" | "reasoning-delta" }>;

function mergeable(part: ModelStreamPart): part is Delta {
  return (
    (part.type === "text-delta" || part.type === "reasoning-delta") &&
    part.providerMetadata === undefined
  );
}

/**
 * The model's stream with the text (and reasoning) deltas that arrive in one turn of the event
 * loop joined into one delta. A network read of a fast model's stream often carries hundreds
 * of deltas, and the AI SDK passes each part through about ten web-stream steps before the
 * agent sees it; joined, they cost one pass. Nothing waits on a timer: what arrived is handed
 * on at the end of the turn it arrived in, so a slow model's lone token goes out at once.
 * Parts keep their order (other parts hand on the joined text first), and on a failure the
 * text read so far is delivered before the error.
 */
export function coalesceDeltas(source: ReadableStream<ModelStreamPart>) {
  const reader = source.getReader();
  let pending: Delta | undefined;
  let endOfTurn: NodeJS.Immediate | undefined;
  let failure: { error: unknown } | undefined;
  let closed = false;
  /** How many parts were handed on so far. */
  let handedOn = 0;

  const handOn = (controller: ReadableStreamDefaultController<ModelStreamPart>) => {
    if (endOfTurn) clearImmediate(endOfTurn);
    endOfTurn = undefined;
    if (!pending || closed) return;
    controller.enqueue(pending);
    pending = undefined;
    handedOn += 1;
  };

  return new ReadableStream<ModelStreamPart>({
    // Reads on until something was handed on: a part that is not a delta, the end, a failure,
    // or the text of a turn (handed on by the end-of-turn callback while a read waits).
    async pull(controller) {
      if (failure) {
        closed = true;
        controller.error(failure.error);
        return;
      }
      const before = handedOn;
      while (handedOn === before && !closed) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          // Erroring drops what is queued, so the text goes first and the error on the next pull.
          if (pending) {
            handOn(controller);
            failure = { error };
            return;
          }
          closed = true;
          controller.error(error);
          return;
        }
        if (closed) return;
        if (next.done) {
          handOn(controller);
          closed = true;
          controller.close();
          return;
        }
        const part = next.value;
        if (!mergeable(part)) {
          handOn(controller);
          controller.enqueue(part);
          handedOn += 1;
          return;
        }
        if (pending && (pending.type !== part.type || pending.id !== part.id)) handOn(controller);
        if (pending) pending.delta += part.delta;
        else pending = { ...part };
        endOfTurn ??= setImmediate(() => handOn(controller));
      }
    },
    cancel(reason) {
      closed = true;
      if (endOfTurn) clearImmediate(endOfTurn);
      return reader.cancel(reason);
    },
  });
}

/** AI SDK middleware applying coalesceDeltas to every streamed model call. */
export const coalesceDeltasMiddleware: LanguageModelMiddleware = {
  specificationVersion: "v3",
  wrapStream: async ({ doStream }) => {
    const result = await doStream();
    return { ...result, stream: coalesceDeltas(result.stream) };
  },
};
