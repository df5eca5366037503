import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { forgetRenewalToken, keepRenewalToken, renewalToken } from "../lib/renewal-token.js";
import { emptyAuthSession, useAuthStore } from "../stores/auth-store.js";
import { registerStoreReset } from "../stores/reset.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { refreshToken } from "./refresh.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const authorizationOf = (fetchImpl: ReturnType<typeof vi.fn<FetchLike>>, call = 0) =>
  new Headers(fetchImpl.mock.calls[call]?.[1]?.headers).get("authorization");

describe("refreshToken", () => {
  const reset = vi.fn();
  let unregister: () => void;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    reset.mockClear();
    unregister = registerStoreReset(reset);
  });
  afterEach(() => {
    unregister();
    forgetRenewalToken();
  });

  it("renews an anonymous session by sending the old token", async () => {
    const old = anonymousReply("anon-1");
    useAuthStore.getState().setAnonymousAuth(old);
    const renewed = { ...anonymousReply("anon-1"), access_token: makeJwt({ sub: "anon-1", n: 2 }) };
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, renewed));

    await expect(refreshToken(fetchImpl)).resolves.toBe(renewed.access_token);

    expect(authorizationOf(fetchImpl)).toBe(`Bearer ${old.access_token}`);
    expect(useAuthStore.getState().accessToken).toBe(renewed.access_token);
    expect(useAuthStore.getState().userId).toBe("anon-1");
    expect(reset).not.toHaveBeenCalled();
  });

  it("uses a kept expired token when the session was already dropped", async () => {
    keepRenewalToken("expired.anon.token");
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, anonymousReply("anon-1")));
    await refreshToken(fetchImpl);
    expect(authorizationOf(fetchImpl)).toBe("Bearer expired.anon.token");
    expect(renewalToken()).toBeNull();
  });

  it("asks for a brand-new anonymous token when there is nothing to renew", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, anonymousReply("anon-9")));
    await refreshToken(fetchImpl);
    expect(authorizationOf(fetchImpl)).toBeNull();
    expect(useAuthStore.getState().userId).toBe("anon-9");
  });

  it("shares one in-flight refresh between concurrent callers", async () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    let release: (response: Response) => void = () => undefined;
    const fetchImpl = vi.fn<FetchLike>(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const callers = Array.from({ length: 5 }, () => refreshToken(fetchImpl));
    release(json(200, anonymousReply("anon-1")));
    const tokens = await Promise.all(callers);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(new Set(tokens).size).toBe(1);

    // Once settled, the next refresh is a new one.
    const next = refreshToken(vi.fn<FetchLike>(async () => json(200, anonymousReply("anon-1"))));
    await expect(next).resolves.toEqual(expect.any(String));
  });

  it("signs a signed-in user out and fails", async () => {
    useAuthStore.setState({
      ...emptyAuthSession,
      isAuthenticated: true,
      userType: "authenticated",
      userId: "user-1",
      accessToken: "signed.in.token",
      tokenExpiry: Date.now() + 1000,
    });
    const fetchImpl = vi.fn<FetchLike>();
    await expect(refreshToken(fetchImpl)).rejects.toThrow("Unauthorized. Please log in again.");
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  const signedInReply = (n: number) => ({
    access_token: makeJwt({
      sub: "user-1",
      scope: "user",
      user_type: "authenticated",
      username: "ada",
      n,
    }),
    token_type: "Bearer",
    expires_in: 3600,
    refresh_token: `refresh-${n}`,
    scope: "user",
    user_id: "user-1",
    session_id: "sess-9",
  });

  it("keeps a signed-in user signed in by trading the refresh token, which rotates", async () => {
    useAuthStore.getState().setAuth(signedInReply(1));
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, signedInReply(2)));
    await expect(refreshToken(fetchImpl)).resolves.toBe(signedInReply(2).access_token);
    const [path, init] = fetchImpl.mock.calls[0] ?? [];
    expect(path).toBe("/api/v1/core/oauth/token");
    expect(String(init?.body)).toBe(
      "grant_type=refresh_token&refresh_token=refresh-1&client_id=sp_web",
    );
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      userId: "user-1",
      refreshToken: "refresh-2",
    });
    expect(reset).not.toHaveBeenCalled();
  });

  it("signs a signed-in user out only when the refresh token is refused", async () => {
    useAuthStore.getState().setAuth(signedInReply(1));
    const fetchImpl = vi.fn<FetchLike>(async () =>
      json(400, {
        error: "invalid_grant",
        error_description: "The session has ended",
        message: "The session has ended",
      }),
    );
    await expect(refreshToken(fetchImpl)).rejects.toThrow("Unauthorized. Please log in again.");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("clears auth when the anonymous refresh fails, keeping the token for a later renewal", async () => {
    const old = anonymousReply("anon-1");
    useAuthStore.getState().setAnonymousAuth(old);
    const fetchImpl = vi.fn<FetchLike>(async () => json(503, { message: "Service unavailable" }));
    await expect(refreshToken(fetchImpl)).rejects.toThrow("Service unavailable");
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(renewalToken()).toBe(old.access_token);
  });
});
