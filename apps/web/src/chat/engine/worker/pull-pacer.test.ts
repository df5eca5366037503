import { afterEach, describe, expect, it, vi } from "vitest";
import { createPullPacer } from "./pull-pacer.js";

describe("createPullPacer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("pulls at once first, then the interval after the previous pull", () => {
    vi.useFakeTimers({ now: 1000 });
    const pace = createPullPacer(200, () => Number.NEGATIVE_INFINITY);
    const pull = vi.fn();
    pace(pull);
    expect(pull).toHaveBeenCalledOnce();
    pace(pull);
    vi.advanceTimersByTime(199);
    expect(pull).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(pull).toHaveBeenCalledTimes(2);
  });

  it("pulls a frame before the next draw is due when that draw ran after the pull", () => {
    vi.useFakeTimers({ now: 1000 });
    let drawnAt = Number.NEGATIVE_INFINITY;
    const pace = createPullPacer(200, () => drawnAt);
    const pull = vi.fn();
    pace(pull);
    // The batch of the pull at 1000 was drawn 37 ms later: the next draw is due at 1237.
    drawnAt = 1037;
    pace(pull);
    vi.advanceTimersByTime(220);
    expect(pull).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    // 1221: 16 ms (a frame) before the draw is due.
    expect(pull).toHaveBeenCalledTimes(2);
  });

  it("does not wait for a draw that ran before the previous pull", () => {
    vi.useFakeTimers({ now: 1000 });
    const pace = createPullPacer(200, () => 990);
    const pull = vi.fn();
    pace(pull);
    pace(pull);
    vi.advanceTimersByTime(200);
    expect(pull).toHaveBeenCalledTimes(2);
  });
});
