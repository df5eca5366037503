import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createDeltaBatcher,
  nextFrame,
  resetStreamPacing,
  streamTextIntervalMs,
} from "./delta-batcher.js";

const text = (delta: string, taskId = "task-1") => ({
  type: "text" as const,
  taskId,
  contextId: "ctx-1",
  delta,
});

describe("createDeltaBatcher", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("hands over the deltas of one frame joined, in one call", () => {
    const frames: Array<() => void> = [];
    const apply = vi.fn();
    const batcher = createDeltaBatcher(apply, (callback) => frames.push(callback));
    batcher.push(text("He"));
    batcher.push(text("ll"));
    batcher.push(text("o"));
    expect(frames).toHaveLength(1);
    expect(apply).not.toHaveBeenCalled();
    frames[0]?.();
    expect(apply).toHaveBeenCalledExactlyOnceWith(text("Hello"));
    batcher.push(text("!"));
    expect(frames).toHaveLength(2);
  });

  it("flushes at once when asked and drops the buffer on cancel", () => {
    const frames: Array<() => void> = [];
    const apply = vi.fn();
    const batcher = createDeltaBatcher(apply, (callback) => frames.push(callback));
    batcher.push(text("a"));
    batcher.flush();
    expect(apply).toHaveBeenCalledExactlyOnceWith(text("a"));
    frames[0]?.();
    expect(apply).toHaveBeenCalledTimes(1);
    batcher.push(text("b"));
    batcher.cancel();
    frames[1]?.();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it("uses animation frames by default", () => {
    vi.useFakeTimers();
    const apply = vi.fn();
    const batcher = createDeltaBatcher(apply);
    for (const piece of ["a", "b", "c"]) batcher.push(text(piece));
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(apply).toHaveBeenCalledExactlyOnceWith(text("abc"));
  });

  it("falls back to a 16 ms timer without animation frames", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", undefined);
    resetStreamPacing();
    const callback = vi.fn();
    nextFrame(callback);
    vi.advanceTimersByTime(15);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it("waits out the rest of the interval after the previous update", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", undefined);
    const first = vi.fn();
    const second = vi.fn();
    // No earlier update: the first runs on the next frame.
    resetStreamPacing();
    nextFrame(first);
    vi.advanceTimersByTime(16);
    expect(first).toHaveBeenCalledOnce();
    nextFrame(second);
    // The interval, then the frame.
    vi.advanceTimersByTime(streamTextIntervalMs + 15);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledOnce();
  });
});
