import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { linkedAbort } from "./linked-abort.js";

describe("linkedAbort", () => {
  it("aborts with the turn's reason while the call runs", () => {
    const turn = new AbortController();
    const { signal } = linkedAbort(turn.signal).controller;
    expect(signal.aborted).toBe(false);
    turn.abort("stopped by the user");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("stopped by the user");
  });

  it("no longer follows the turn once released, and leaves no listener on it", () => {
    const turn = new AbortController();
    const calls = [linkedAbort(turn.signal), linkedAbort(turn.signal)];
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(2);
    for (const call of calls) call.release();
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(0);
    turn.abort();
    expect(calls.map((c) => c.controller.signal.aborted)).toEqual([false, false]);
  });

  it("starts aborted for a turn already stopped, and never aborts without a turn signal", () => {
    const turn = new AbortController();
    turn.abort("gone");
    expect(linkedAbort(turn.signal).controller.signal.reason).toBe("gone");
    expect(linkedAbort(undefined).controller.signal.aborted).toBe(false);
  });
});
