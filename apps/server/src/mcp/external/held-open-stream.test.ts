import { describe, expect, it } from "vitest";
import { heldOpen } from "./held-open-stream.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("heldOpen", () => {
  it("passes the chunks on, stays open after the source ends, and ends when the signal aborts", async () => {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes("a"));
        controller.close();
      },
    });
    const stop = new AbortController();
    const reader = heldOpen(source, stop.signal).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("a");
    const next = reader.read();
    const pending = await Promise.race([
      next.then(() => "ended"),
      new Promise((r) => setTimeout(() => r("open"), 50)),
    ]);
    expect(pending).toBe("open");
    stop.abort();
    expect((await next).done).toBe(true);
  });

  it("says nothing when the source fails", async () => {
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("reset"));
      },
    });
    const stop = new AbortController();
    const reader = heldOpen(source, stop.signal).getReader();
    const next = reader.read();
    const state = await Promise.race([
      next.then(
        () => "ended",
        () => "failed",
      ),
      new Promise((r) => setTimeout(() => r("open"), 50)),
    ]);
    expect(state).toBe("open");
    stop.abort();
    expect((await next).done).toBe(true);
  });
});
