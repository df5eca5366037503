import { afterEach, describe, expect, it, vi } from "vitest";
import { createPacedFrames } from "./delta-batcher.js";
import { DrawPace } from "./draw-pace.js";

const options = { minMs: 50, maxMs: 200, share: 0.025 };

describe("DrawPace", () => {
  it("draws at the shortest interval until a draw was measured, and while draws are cheap", () => {
    const pace = new DrawPace(options);
    expect(pace.intervalMs()).toBe(50);
    pace.record(0.5);
    expect(pace.intervalMs()).toBe(50);
  });

  it("starts at its starting interval until a draw was measured, then follows the cost", () => {
    const pace = new DrawPace({ ...options, startMs: 100 });
    expect(pace.intervalMs()).toBe(100);
    pace.record(0.5);
    expect(pace.intervalMs()).toBe(50);
  });

  it("spaces draws so that drawing takes its share of the main thread", () => {
    const pace = new DrawPace(options);
    pace.record(3);
    // 3 ms every 120 ms is 2.5%.
    expect(pace.intervalMs()).toBe(120);
  });

  it("never waits longer than the longest interval", () => {
    const pace = new DrawPace(options);
    pace.record(40);
    expect(pace.intervalMs()).toBe(200);
  });

  it("follows the cost of recent draws, and one long task moves it only a little", () => {
    const pace = new DrawPace(options);
    pace.record(2);
    pace.record(1000);
    // The long task counts as 50 ms, weighted 0.3: 2 + 0.3 × 48.
    expect(pace.cost()).toBeCloseTo(16.4);
    for (let i = 0; i < 20; i++) pace.record(2);
    expect(pace.cost()).toBeCloseTo(2, 1);
    expect(pace.intervalMs()).toBe(80);
  });

  it("ignores measures that are not durations", () => {
    const pace = new DrawPace(options);
    pace.record(Number.NaN);
    pace.record(-1);
    expect(pace.cost()).toBeUndefined();
  });
});

describe("createPacedFrames with a pace", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("measures a draw's task and its frame, not the wait between, and waits the interval that gives", async () => {
    vi.useFakeTimers();
    const animationFrames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) =>
      animationFrames.push(callback),
    );
    const pace = new DrawPace(options);
    const frames = createPacedFrames(() => pace.intervalMs(), pace);
    // A draw whose task costs 4 ms (the render runs in its microtasks).
    frames(() => vi.advanceTimersByTime(4));
    await Promise.resolve();
    expect(animationFrames).toHaveLength(1);
    // Waiting for the frame does not count; the frame and the task after it do.
    vi.advanceTimersByTime(10);
    animationFrames.shift()?.();
    vi.advanceTimersByTime(0);
    expect(pace.cost()).toBe(4);
    expect(pace.intervalMs()).toBe(160);
    const second = vi.fn();
    frames(second);
    // 160 ms after the first draw began, 14 ms ago.
    vi.advanceTimersByTime(160 - 14 - 1);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledOnce();
  });
});
