import { describe, expect, it } from "vitest";
import {
  coalesceDeltas,
  coalesceDeltasMiddleware,
  type ModelStreamPart,
} from "./coalesce-deltas.js";

/** A model stream the test writes to, part by part. */
function source() {
  let controller!: ReadableStreamDefaultController<ModelStreamPart>;
  let cancelled: unknown = "not cancelled";
  const stream = new ReadableStream<ModelStreamPart>({
    start(c) {
      controller = c;
    },
    cancel(reason) {
      cancelled = reason;
    },
  });
  return { stream, controller, cancelled: () => cancelled };
}

const text = (delta: string, id = "t1"): ModelStreamPart => ({ type: "text-delta", id, delta });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function readAll(stream: ReadableStream<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe("coalesceDeltas", () => {
  it("joins the deltas that arrive in one turn and keeps the text", async () => {
    const { stream, controller } = source();
    for (const piece of ["t0 ", "t1 ", "t2 "]) controller.enqueue(text(piece));
    controller.close();

    expect(await readAll(coalesceDeltas(stream))).toEqual([text("t0 t1 t2 ")]);
  });

  it("keeps deltas of different turns apart and hands a lone delta on within its turn", async () => {
    const { stream, controller } = source();
    const reader = coalesceDeltas(stream).getReader();

    controller.enqueue(text("first "));
    // The source stays open: the delta must not wait for more input.
    expect(await reader.read()).toEqual({ done: false, value: text("first ") });
    controller.enqueue(text("second "));
    controller.enqueue(text("third "));
    expect(await reader.read()).toEqual({ done: false, value: text("second third ") });
    controller.close();
    expect((await reader.read()).done).toBe(true);
  });

  it("hands the joined text on before any other part, so the order stays", async () => {
    const { stream, controller } = source();
    const call: ModelStreamPart = {
      type: "tool-call",
      toolCallId: "c1",
      toolName: "weather",
      input: "{}",
    };
    controller.enqueue({ type: "text-start", id: "t1" });
    controller.enqueue(text("a"));
    controller.enqueue(text("b"));
    controller.enqueue({ type: "text-end", id: "t1" });
    controller.enqueue(call);
    controller.enqueue(text("c", "t2"));
    controller.close();

    expect(await readAll(coalesceDeltas(stream))).toEqual([
      { type: "text-start", id: "t1" },
      text("ab"),
      { type: "text-end", id: "t1" },
      call,
      text("c", "t2"),
    ]);
  });

  it("joins only deltas of the same kind and id, without provider metadata", async () => {
    const { stream, controller } = source();
    const signed: ModelStreamPart = {
      type: "reasoning-delta",
      id: "r1",
      delta: "z",
      providerMetadata: { vendor: { signature: "s" } },
    };
    controller.enqueue({ type: "reasoning-delta", id: "r1", delta: "x" });
    controller.enqueue({ type: "reasoning-delta", id: "r1", delta: "y" });
    controller.enqueue(signed);
    controller.enqueue(text("a", "t1"));
    controller.enqueue(text("b", "t2"));
    controller.enqueue(text("c", "t2"));
    controller.close();

    expect(await readAll(coalesceDeltas(stream))).toEqual([
      { type: "reasoning-delta", id: "r1", delta: "xy" },
      signed,
      text("a", "t1"),
      text("bc", "t2"),
    ]);
  });

  it("delivers the text read so far before the stream's error", async () => {
    const { stream, controller } = source();
    const reader = coalesceDeltas(stream).getReader();
    controller.enqueue(text("kept "));
    controller.enqueue(text("too"));
    const failure = new Error("connection reset");
    const first = reader.read();
    // Within the turn, so the text is read (and held) but not handed on yet.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    controller.error(failure);

    expect(await first).toEqual({ done: false, value: text("kept too") });
    await expect(reader.read()).rejects.toBe(failure);
  });

  it("cancels the model's stream and drops the pending turn quietly", async () => {
    const { stream, controller, cancelled } = source();
    const reader = coalesceDeltas(stream).getReader();
    controller.enqueue(text("never read"));
    await Promise.resolve();

    await reader.cancel("client left");
    await nextTurn();

    expect(cancelled()).toBe("client left");
  });

  it("is applied to streamed model calls by the middleware", async () => {
    const { stream, controller } = source();
    controller.enqueue(text("x"));
    controller.enqueue(text("y"));
    controller.close();
    const wrapStream = coalesceDeltasMiddleware.wrapStream;
    if (!wrapStream) throw new Error("expected wrapStream");

    const result = await wrapStream({
      doStream: async () => ({ stream }),
      doGenerate: () => Promise.reject(new Error("not used")),
      params: { prompt: [] },
      model: {} as Parameters<typeof wrapStream>[0]["model"],
    });

    expect(await readAll(result.stream)).toEqual([text("xy")]);
  });
});
