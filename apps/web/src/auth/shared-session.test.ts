import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { forgetRenewalToken } from "../lib/renewal-token.js";
import { storageKeys } from "../lib/storage.js";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { refreshToken } from "./refresh.js";
import { adoptSharedSession } from "./shared-session.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** What another tab of the browser persisted: an anonymous session. */
function storedByOtherTab(userId: string, fields: Record<string, unknown> = {}): string {
  const token = makeJwt({ sub: userId, user_type: "anon", other: true });
  const state = {
    isAuthenticated: false,
    email: null,
    userId,
    sessionId: `session-${userId}`,
    username: "Anonymous",
    scopes: ["anonymous"],
    userType: "anon",
    accessToken: token,
    tokenExpiry: Date.now() + 3_600_000,
    refreshToken: null,
    ...fields,
  };
  localStorage.setItem(storageKeys.auth, JSON.stringify({ state, version: 0 }));
  return token;
}

describe("one anonymous session per browser", () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
  });
  afterEach(() => forgetRenewalToken());

  it("a tab without a session takes the one another tab got meanwhile, asking the server nothing", async () => {
    // This tab read the storage while it was still empty; the other tab stored its session since.
    const shared = storedByOtherTab("anon-first");
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, anonymousReply("anon-second")));
    await expect(refreshToken(fetchImpl)).resolves.toBe(shared);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ userId: "anon-first", accessToken: shared });
  });

  it("a new session is asked for when the stored one is this tab's own, expired, or another visitor's", () => {
    const own = storedByOtherTab("anon-1");
    expect(adoptSharedSession(own)).toBeNull();
    storedByOtherTab("anon-1", { tokenExpiry: Date.now() - 1 });
    expect(adoptSharedSession(null)).toBeNull();
    storedByOtherTab("user-1", { userType: "authenticated", isAuthenticated: true });
    expect(adoptSharedSession(null)).toBeNull();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    const before = useAuthStore.getState().accessToken;
    storedByOtherTab("anon-2");
    expect(adoptSharedSession(before)).toBeNull();
    expect(useAuthStore.getState().userId).toBe("anon-1");
  });
});
