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

  it("hands over the first piece at once and the next ones joined, the interval later", () => {
    vi.useFakeTimers();
    const apply = vi.fn();
    const batcher = createDeltaBatcher(apply);
    const interval = streamDrawIntervalMs();
    batcher.push(text("a"));
    expect(apply).toHaveBeenCalledExactlyOnceWith(text("a"));
    for (const piece of ["b", "c"]) batcher.push(text(piece));
    vi.advanceTimersByTime(interval - 1);
    expect(apply).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(apply).toHaveBeenLastCalledWith(text("bc"));
  });

  it("runs in the caller's task, not in an animation frame, when nothing ran before", () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    const callback = vi.fn();
    createPacedFrames(200)(callback);
    expect(callback).toHaveBeenCalledOnce();
    expect(frames).toHaveLength(0);
  });

  it("waits out the rest of the interval after the previous update", () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    const frames = createPacedFrames();
    frames(first);
    expect(first).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(16);
    frames(second);
    // The interval (the shared pace's, as it is now), counted from the first update.
    const interval = streamDrawIntervalMs();
    expect(interval).toBeGreaterThanOrEqual(streamTextIntervalMs);
    vi.advanceTimersByTime(interval - 16 - 1);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledOnce();
  });

  it("runs at once, without a timer, when the interval is up", () => {
    vi.useFakeTimers();
    const schedule = createPacedFrames(200);
    schedule(() => {});
    vi.advanceTimersByTime(200);
    const due = vi.fn();
    schedule(due);
    expect(due).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("paces each stream on its own: a new stream's first piece shows at once", () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const other = vi.fn();
    createPacedFrames()(first);
    createPacedFrames()(other);
    expect(first).toHaveBeenCalledOnce();
    expect(other).toHaveBeenCalledOnce();
  });

  it("waits the interval it is given", () => {
    vi.useFakeTimers();
    const frames = createPacedFrames(1000);
    const second = vi.fn();
    frames(() => {});
    frames(second);
    vi.advanceTimersByTime(999);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledOnce();
  });
});
