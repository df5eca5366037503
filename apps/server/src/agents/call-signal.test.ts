import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { callSignal } from "./call-signal.js";

describe("callSignal", () => {
  it("aborts with the turn's reason while the call runs", () => {
    const turn = new AbortController();
    const { signal } = callSignal(turn.signal);
    expect(signal.aborted).toBe(false);
    turn.abort("stopped by the user");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("stopped by the user");
  });

  it("no longer follows the turn once released, and leaves no listener on it", () => {
    const turn = new AbortController();
    const calls = [callSignal(turn.signal), callSignal(turn.signal)];
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(2);
    for (const call of calls) call.release();
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(0);
    turn.abort();
    expect(calls.map((c) => c.signal.aborted)).toEqual([false, false]);
  });

  it("starts aborted for a turn already stopped, and never aborts without a turn signal", () => {
    const turn = new AbortController();
    turn.abort("gone");
    expect(callSignal(turn.signal).signal.reason).toBe("gone");
    expect(callSignal(undefined).signal.aborted).toBe(false);
  });
});
