import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useHighlightedIds } from "./useHighlightedIds.js";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useHighlightedIds", () => {
  it("highlights ids that appear after mount for 2 seconds", () => {
    const { result, rerender } = renderHook(({ ids }) => useHighlightedIds(ids), {
      initialProps: { ids: ["a"] },
    });
    expect(result.current.size).toBe(0);
    rerender({ ids: ["a", "b"] });
    expect([...result.current]).toEqual(["b"]);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.has("b")).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.size).toBe(0);
  });
});
