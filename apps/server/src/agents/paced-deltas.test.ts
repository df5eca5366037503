import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PacedDeltas } from "./paced-deltas.js";

/** A pacer over fake timers and the fake clock, recording what it publishes. */
function paced(intervalMs = 10) {
  const published: string[] = [];
  const deltas = new PacedDeltas({
    publish: (text) => published.push(text),
    intervalMs,
    now: () => Date.now(),
  });
  return { deltas, published };
}

describe("PacedDeltas", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("publishes the first delta at once and joins those within the interval, in order", () => {
    const { deltas, published } = paced();
    deltas.add("The ");
    expect(published).toEqual(["The "]);
    deltas.add("answer ");
    vi.advanceTimersByTime(3);
    deltas.add("is ");
    deltas.add("42");
    expect(published).toEqual(["The "]);
    vi.advanceTimersByTime(6);
    expect(published).toEqual(["The "]);
    // The interval since the first publish is up: the joined text goes out as one piece.
    vi.advanceTimersByTime(1);
    expect(published).toEqual(["The ", "answer is 42"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("publishes at once again when nothing went out within the interval", () => {
    const { deltas, published } = paced();
    deltas.add("a");
    vi.advanceTimersByTime(25);
    deltas.add("b");
    expect(published).toEqual(["a", "b"]);
    // Within the interval of "b": held, and published a whole interval after "b".
    vi.advanceTimersByTime(4);
    deltas.add("c");
    vi.advanceTimersByTime(5);
    expect(published).toEqual(["a", "b"]);
    vi.advanceTimersByTime(1);
    expect(published).toEqual(["a", "b", "c"]);
  });

  it("flush publishes the pending text now and clears the timer", () => {
    const { deltas, published } = paced();
    deltas.add("first ");
    deltas.add("second ");
    deltas.add("third");
    expect(vi.getTimerCount()).toBe(1);
    deltas.flush();
    expect(published).toEqual(["first ", "second third"]);
    expect(vi.getTimerCount()).toBe(0);
    // Nothing pending: a flush publishes nothing. The flush's piece starts a new interval.
    deltas.flush();
    expect(published).toHaveLength(2);
    deltas.add("after");
    expect(published).toHaveLength(2);
    vi.advanceTimersByTime(10);
    expect(published).toEqual(["first ", "second third", "after"]);
    vi.advanceTimersByTime(100);
    expect(published).toHaveLength(3);
  });

  it("ignores empty text", () => {
    const { deltas, published } = paced();
    deltas.add("");
    deltas.flush();
    expect(published).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("loses nothing over many deltas: the pieces join to the whole text, in order", () => {
    const { deltas, published } = paced(16);
    const words = Array.from({ length: 500 }, (_, i) => `w${i} `);
    for (const word of words) {
      deltas.add(word);
      vi.advanceTimersByTime(1);
    }
    deltas.flush();
    expect(published.join("")).toBe(words.join(""));
    // One piece per interval: about 500 / 16, not 500.
    expect(published.length).toBeLessThanOrEqual(Math.ceil(500 / 16) + 1);
  });

  it("throws what publishing from the timer threw to the owner's next call", () => {
    const published: string[] = [];
    const deltas = new PacedDeltas({
      publish: (text) => {
        if (text === "boom") throw new Error("publish failed");
        published.push(text);
      },
      intervalMs: 10,
      now: () => Date.now(),
    });
    deltas.add("ok");
    deltas.add("boom");
    vi.advanceTimersByTime(10);
    expect(() => deltas.flush()).toThrow("publish failed");
    // Thrown once: the pacer goes on.
    deltas.add("later");
    deltas.flush();
    expect(published).toEqual(["ok", "later"]);
  });
});
