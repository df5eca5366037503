import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { forgetRenewalToken, keepRenewalToken } from "../lib/renewal-token.js";
import { emptyAuthSession, useAuthStore } from "../stores/auth-store.js";
import { registerStoreReset } from "../stores/reset.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { logout } from "./logout.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const signedInToken = makeJwt({
  sub: "user-1",
  session_id: "s1",
  scope: "user",
  user_type: "authenticated",
  username: "ada",
});

describe("logout", () => {
  const reset = vi.fn();
  let unregister: () => void;
  beforeEach(() => {
    localStorage.clear();
    reset.mockClear();
    unregister = registerStoreReset(reset);
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setAuth({
      access_token: signedInToken,
      token_type: "Bearer",
      user_id: "user-1",
      session_id: "s1",
      expires_in: 3600,
    });
  });
  afterEach(() => {
    unregister();
    forgetRenewalToken();
    vi.restoreAllMocks();
  });

  it("revokes the session, resets the stores and starts a fresh anonymous session", async () => {
    keepRenewalToken("some.old.anon");
    const fetchImpl = vi.fn<FetchLike>(async (url) =>
      url === "/api/v1/core/oauth/revoke"
        ? new Response(null, { status: 204 })
        : json(200, anonymousReply("anon-7")),
    );
    await logout(fetchImpl);

    const [revoke, session] = fetchImpl.mock.calls;
    expect(revoke?.[0]).toBe("/api/v1/core/oauth/revoke");
    expect(revoke?.[1]?.method).toBe("POST");
    expect(new Headers(revoke?.[1]?.headers).get("authorization")).toBe(`Bearer ${signedInToken}`);
    expect(session?.[0]).toBe("/api/v1/core/oauth/session");
    expect(new Headers(session?.[1]?.headers).has("authorization")).toBe(false);
    expect(reset).toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      userType: "anon",
      userId: "anon-7",
      username: "Anonymous",
    });
  });

  it("ignores a failed revoke", async () => {
    const fetchImpl = vi.fn<FetchLike>(async (url) =>
      url === "/api/v1/core/oauth/revoke"
        ? Promise.reject(new TypeError("Failed to fetch"))
        : json(200, anonymousReply("anon-8")),
    );
    await logout(fetchImpl);
    expect(useAuthStore.getState().userId).toBe("anon-8");
  });

  it("ends signed out when no anonymous token can be had", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fetchImpl = vi.fn<FetchLike>(async (url) =>
      url === "/api/v1/core/oauth/revoke"
        ? new Response(null, { status: 204 })
        : json(503, { message: "down" }),
    );
    await expect(logout(fetchImpl)).resolves.toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
  });
});
