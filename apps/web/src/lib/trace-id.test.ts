import { afterEach, describe, expect, it, vi } from "vitest";
import { newTraceId } from "./trace-id.js";

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newTraceId", () => {
  afterEach(() => vi.restoreAllMocks());

  it("returns a fresh v4 UUID each time", () => {
    const a = newTraceId();
    const b = newTraceId();
    expect(a).toMatch(uuidV4);
    expect(b).toMatch(uuidV4);
    expect(a).not.toBe(b);
  });

  it("builds one from random bytes where randomUUID is unavailable (insecure context)", () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const id = newTraceId();
      expect(id).toMatch(uuidV4);
      expect(newTraceId()).not.toBe(id);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
