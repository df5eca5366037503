import { describe, expect, it } from "vitest";
import { LoadGuard } from "./load-guard.js";

describe("LoadGuard", () => {
  it("knows the latest load and drops loads begun before a reset", () => {
    const guard = new LoadGuard();
    const first = guard.begin();
    const second = guard.begin();
    expect(guard.isLatest(first)).toBe(false);
    expect(guard.isLatest(second)).toBe(true);
    expect(guard.isStale(second)).toBe(false);
    guard.reset();
    expect(guard.isStale(second)).toBe(true);
    expect(guard.isStale(guard.begin())).toBe(false);
  });
});
