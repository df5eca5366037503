import { describe, expect, it } from "vitest";
import { modelCallSpans } from "../agents/providers/model-call-span.js";
import { outboundSpan, tracedOutboundFetch } from "./outbound-span.js";
import {
  activeTraceId,
  fetchWithTraceContext,
  injectTraceContext,
  inSpan,
  openSpan,
  tracingOn,
} from "./tracing.js";

/**
 * Tracing off (no endpoint, the SDK never started): every helper is a plain call that adds,
 * wraps and starts nothing, so the code doing the work behaves and costs as it did without it.
 */
describe("tracing off", () => {
  it("runs the work as it is and starts nothing", async () => {
    expect(tracingOn()).toBe(false);
    expect(openSpan("x", {})).toBeUndefined();
    expect(activeTraceId()).toBeUndefined();
    const seen: (string | undefined)[] = [];
    const value = await inSpan("x", { kind: "server" }, async (span) => {
      span.set("a", 1);
      span.rename("y");
      span.fail("z");
      seen.push(activeTraceId());
      return 42;
    });
    expect(value).toBe(42);
    expect(seen).toEqual([undefined]);
    await expect(
      inSpan("x", {}, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
  });

  it("sends no trace headers and keeps the fetch it is given", async () => {
    const headers = new Headers({ a: "1" });
    injectTraceContext(headers);
    expect([...headers.keys()]).toEqual(["a"]);
    const record: Record<string, string> = {};
    injectTraceContext(record);
    expect(record).toEqual({});

    const fetchImpl: typeof fetch = async () => new Response("ok");
    expect(fetchWithTraceContext(fetchImpl)).toBe(fetchImpl);
    expect(tracedOutboundFetch("mcp", fetchImpl)).toBe(fetchImpl);

    const sent = new Headers();
    const answer = await outboundSpan("agent", "POST", sent, async () => ({ status: 201 }));
    expect(answer).toEqual({ status: 201 });
    expect([...sent.keys()]).toEqual([]);
  });

  it("hands a model call's stream on untouched", async () => {
    const middleware = modelCallSpans("openai", "gpt");
    const result = { stream: new ReadableStream(), request: {}, response: {} };
    const wrapStream = middleware.wrapStream;
    if (!wrapStream) throw new Error("no wrapStream");
    const wrapped = await wrapStream({
      doStream: async () => result as never,
      doGenerate: async () => {
        throw new Error("not called");
      },
      params: { prompt: [] },
      model: {} as never,
    });
    expect(wrapped).toBe(result);
  });
});
