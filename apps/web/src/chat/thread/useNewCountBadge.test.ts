import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNewCountBadge } from "./useNewCountBadge.js";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useNewCountBadge", () => {
  it("counts items that arrive while tracking, for 2 seconds", () => {
    const { result, rerender } = renderHook(
      ({ count, tracking }) => useNewCountBadge(count, tracking),
      { initialProps: { count: 1, tracking: true } },
    );
    expect(result.current).toBe(0);
    rerender({ count: 3, tracking: true });
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(1000));
    rerender({ count: 4, tracking: true });
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(0);
  });

  it("ignores items that arrive while not tracking", () => {
    const { result, rerender } = renderHook(
      ({ count, tracking }) => useNewCountBadge(count, tracking),
      { initialProps: { count: 0, tracking: false } },
    );
    rerender({ count: 2, tracking: false });
    expect(result.current).toBe(0);
  });
});
