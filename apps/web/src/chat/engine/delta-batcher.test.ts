import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createDeltaBatcher,
  createPacedFrames,
  streamDrawIntervalMs,
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
    const callback = vi.fn();
    createPacedFrames()(callback);
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
    const frames = createPacedFrames();
    // No earlier update: the first runs on the next frame.
    frames(first);
    vi.advanceTimersByTime(16);
    expect(first).toHaveBeenCalledOnce();
    frames(second);
    // The interval (the shared pace's, as it is now), then the frame.
    const interval = streamDrawIntervalMs();
    expect(interval).toBeGreaterThanOrEqual(streamTextIntervalMs);
    vi.advanceTimersByTime(interval + 15);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledOnce();
  });

  it("draws on the next frame, without a timer, when the interval is up within a frame", () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    const schedule = createPacedFrames(200);
    schedule(() => {});
    frames.shift()?.();
    vi.advanceTimersByTime(200 - 16);
    const due = vi.fn();
    schedule(due);
    expect(vi.getTimerCount()).toBe(0);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(due).toHaveBeenCalledOnce();
    // Due later than a frame from now: a timer waits out the rest first.
    const later = vi.fn();
    schedule(later);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(199);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(frames).toHaveLength(1);
  });

  it("paces each stream on its own: a new stream's first piece shows at once", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", undefined);
    const first = vi.fn();
    const other = vi.fn();
    createPacedFrames()(first);
    vi.advanceTimersByTime(16);
    createPacedFrames()(other);
    vi.advanceTimersByTime(16);
    expect(first).toHaveBeenCalledOnce();
    expect(other).toHaveBeenCalledOnce();
  });

  it("waits the interval it is given", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", undefined);
    const frames = createPacedFrames(1000);
    const second = vi.fn();
    frames(() => {});
    vi.advanceTimersByTime(16);
    frames(second);
    // 1,000 ms after the first frame, then a frame.
    vi.advanceTimersByTime(1000 + 15);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledOnce();
  });
});
