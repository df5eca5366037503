import { describe, expect, it } from "vitest";
import { authRetryDelayMs, maxAuthRetries } from "./useAuthBootstrap.js";

describe("anonymous auth retry policy", () => {
  it("retries at most 3 times after the first try", () => {
    expect(maxAuthRetries).toBe(3);
  });

  it("waits min(1000 × 2^n, 5000) ms before retry n", () => {
    expect([0, 1, 2, 3, 4].map(authRetryDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
