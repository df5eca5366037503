import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetRenewalToken, renewalToken } from "../lib/renewal-token.js";
import { storageKeys } from "../lib/storage.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { emptyAuthSession, useAuthStore } from "./auth-store.js";
import { registerStoreReset } from "./reset.js";

const now = Date.UTC(2030, 0, 1);

function stored(): unknown {
  const raw = localStorage.getItem("auth-storage");
  return raw === null ? null : (JSON.parse(raw) as { state: unknown }).state;
}

function signedInReply(userId: string, claims: Record<string, unknown> = {}) {
  return {
    access_token: makeJwt({
      sub: userId,
      session_id: `s-${userId}`,
      scope: "user admin",
      user_type: "authenticated",
      username: "ada",
      email: "ada@example.com",
      ...claims,
    }),
    token_type: "Bearer" as const,
    user_id: userId,
    session_id: `s-${userId}`,
    expires_in: 600,
  };
}

describe("auth store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    localStorage.clear();
    useAuthStore.getState().clearAuth();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    forgetRenewalToken();
  });

  it("stores an anonymous token and persists exactly the session fields under auth-storage", () => {
    const reply = anonymousReply("anon-1", "sess-1", 3600);
    useAuthStore.getState().setAnonymousAuth(reply);
    const session = {
      isAuthenticated: false,
      email: null,
      userId: "anon-1",
      sessionId: "sess-1",
      username: "Anonymous",
      scopes: ["anonymous"],
      userType: "anon",
      accessToken: reply.access_token,
      tokenExpiry: now + 3600 * 1000,
      refreshToken: null,
    };
    expect(useAuthStore.getState()).toMatchObject(session);
    expect(stored()).toEqual(session);
  });

  it("derives a signed-in user from the token claims", () => {
    useAuthStore.getState().setAuth(signedInReply("user-1"));
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      userType: "authenticated",
      userId: "user-1",
      sessionId: "s-user-1",
      username: "ada",
      email: "ada@example.com",
      scopes: ["user", "admin"],
      tokenExpiry: now + 600_000,
    });
  });

  it("refuses a malformed signed-in token and changes nothing", () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    const before = useAuthStore.getState();
    const bad = { ...signedInReply("user-1"), access_token: "not-a-jwt" };
    expect(() => useAuthStore.getState().setAuth(bad)).toThrow(
      "Invalid JWT format: expected 3 parts separated by dots",
    );
    expect(useAuthStore.getState().userId).toBe(before.userId);
  });

  it("clears user-scoped storage and resets all stores when a different user arrives", () => {
    const reset = vi.fn();
    const unregister = registerStoreReset(reset);
    try {
      useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
      localStorage.setItem(storageKeys.userCurrentContext("anon-1"), "ctx-1");
      localStorage.setItem(storageKeys.settings, "{}");

      useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
      expect(reset).not.toHaveBeenCalled();
      expect(localStorage.getItem(storageKeys.userCurrentContext("anon-1"))).toBe("ctx-1");

      useAuthStore.getState().setAuth(signedInReply("user-2"));
      expect(reset).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(storageKeys.userCurrentContext("anon-1"))).toBeNull();
      expect(localStorage.getItem(storageKeys.settings)).toBe("{}");
      expect(useAuthStore.getState().userId).toBe("user-2");
    } finally {
      unregister();
    }
  });

  it("clearAuth empties the session and its stored copy", () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    useAuthStore.getState().clearAuth();
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
    expect(stored()).toEqual(emptyAuthSession);
  });

  describe("rehydration", () => {
    const write = (state: unknown) =>
      localStorage.setItem("auth-storage", JSON.stringify({ state, version: 0 }));

    it("restores a session whose token is still valid", async () => {
      const reply = anonymousReply("anon-1");
      write({
        ...emptyAuthSession,
        userId: "anon-1",
        accessToken: reply.access_token,
        tokenExpiry: now + 1,
      });
      await useAuthStore.persist.rehydrate();
      expect(useAuthStore.getState().accessToken).toBe(reply.access_token);
    });

    it("drops an expired token and keeps an anonymous one for renewal", async () => {
      const reply = anonymousReply("anon-1");
      write({
        ...emptyAuthSession,
        userId: "anon-1",
        accessToken: reply.access_token,
        tokenExpiry: now,
      });
      await useAuthStore.persist.rehydrate();
      expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
      expect(stored()).toEqual(emptyAuthSession);
      expect(renewalToken()).toBe(reply.access_token);
    });

    it("drops an expired signed-in token without keeping it", async () => {
      const reply = signedInReply("user-1");
      write({
        ...emptyAuthSession,
        isAuthenticated: true,
        userType: "authenticated",
        userId: "user-1",
        accessToken: reply.access_token,
        tokenExpiry: now - 1,
      });
      await useAuthStore.persist.rehydrate();
      expect(useAuthStore.getState().accessToken).toBeNull();
      expect(renewalToken()).toBeNull();
    });

    it("ignores a stored value of the wrong shape or broken JSON", async () => {
      write({ userId: 42 });
      await useAuthStore.persist.rehydrate();
      expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
      localStorage.setItem("auth-storage", "{not json");
      await expect(useAuthStore.persist.rehydrate()).resolves.toBeUndefined();
      expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
    });
  });

  it("keeps working in memory when storage throws", async () => {
    const fail = () => {
      throw new DOMException("quota", "QuotaExceededError");
    };
    vi.stubGlobal("localStorage", { getItem: fail, setItem: fail, removeItem: fail, key: fail });
    const reply = anonymousReply("anon-1");
    expect(() => useAuthStore.getState().setAnonymousAuth(reply)).not.toThrow();
    expect(useAuthStore.getState().accessToken).toBe(reply.access_token);
    await expect(useAuthStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(() => useAuthStore.getState().setAuth(signedInReply("user-2"))).not.toThrow();
    expect(useAuthStore.getState().userId).toBe("user-2");
  });
});
