import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeMatchMedia } from "./fake-match-media.js";
import { useMediaQuery } from "./useMediaQuery.js";

describe("useMediaQuery", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers on the first render and follows the window", () => {
    const media = fakeMatchMedia(500);
    const { result } = renderHook(() => useMediaQuery("(min-width: 768px)"));
    expect(result.current).toBe(false);
    act(() => media.setWidth(900));
    expect(result.current).toBe(true);
    act(() => media.setWidth(767));
    expect(result.current).toBe(false);
  });

  it("uses the fallback where media queries cannot be evaluated", () => {
    vi.stubGlobal("matchMedia", undefined);
    expect(renderHook(() => useMediaQuery("(min-width: 768px)", true)).result.current).toBe(true);
    expect(renderHook(() => useMediaQuery("(min-width: 768px)")).result.current).toBe(false);
  });
});
