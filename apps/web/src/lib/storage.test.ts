import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearUserScopedStorage,
  readStorage,
  removeStorage,
  storageKeys,
  writeStorage,
} from "./storage.js";

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  return {
    get length(): number {
      return fail();
    },
    key: fail,
    getItem: fail,
    setItem: fail,
    removeItem: fail,
    clear: fail,
  };
}

describe("storage", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("reads, writes and removes keys", () => {
    expect(readStorage("k")).toBeNull();
    writeStorage("k", "v");
    expect(readStorage("k")).toBe("v");
    expect(localStorage.getItem("k")).toBe("v");
    removeStorage("k");
    expect(readStorage("k")).toBeNull();
  });

  it("swallows every failure of a storage whose methods throw", () => {
    vi.stubGlobal("localStorage", throwingStorage());
    expect(() => writeStorage("k", "v")).not.toThrow();
    expect(readStorage("k")).toBeNull();
    expect(() => removeStorage("k")).not.toThrow();
    expect(() => clearUserScopedStorage()).not.toThrow();
  });

  it("swallows a storage that cannot even be reached", () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    try {
      expect(readStorage("k")).toBeNull();
      expect(() => writeStorage("k", "v")).not.toThrow();
      expect(() => clearUserScopedStorage()).not.toThrow();
    } finally {
      // Restore jsdom's own storage for the other tests.
      if (original) Object.defineProperty(globalThis, "localStorage", original);
    }
  });

  it("clears user-scoped keys and keeps auth, settings and the first-visit flag", () => {
    writeStorage(storageKeys.auth, "{}");
    writeStorage(storageKeys.settings, "{}");
    writeStorage(storageKeys.firstVisit, "true");
    writeStorage(storageKeys.currentContext, "ctx-0");
    writeStorage(storageKeys.userCurrentContext("user-a"), "ctx-a");
    writeStorage(storageKeys.userCurrentContext("user-b"), "ctx-b");
    writeStorage("unrelated", "x");

    clearUserScopedStorage();

    expect(readStorage(storageKeys.currentContext)).toBeNull();
    expect(readStorage(storageKeys.userCurrentContext("user-a"))).toBeNull();
    expect(readStorage(storageKeys.userCurrentContext("user-b"))).toBeNull();
    expect(readStorage(storageKeys.auth)).toBe("{}");
    expect(readStorage(storageKeys.settings)).toBe("{}");
    expect(readStorage(storageKeys.firstVisit)).toBe("true");
    expect(readStorage("unrelated")).toBe("x");
  });

  it("names the per-user key after the user", () => {
    expect(storageKeys.userCurrentContext("u1")).toContain("u1");
    expect(storageKeys.userCurrentContext("u1")).not.toBe(storageKeys.currentContext);
  });
});
