import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { defaultLogLevel, setLogLevel } from "../lib/logger.js";
import { forgetRenewalToken } from "../lib/renewal-token.js";
import { emptyAuthSession, useAuthStore } from "../stores/auth-store.js";
import { registerStoreReset } from "../stores/reset.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { checkToken, useTokenMonitor } from "./useTokenMonitor.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const minutes = (n: number) => n * 60_000;

describe("useTokenMonitor", () => {
  const reset = vi.fn();
  let unregister: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    reset.mockClear();
    unregister = registerStoreReset(reset);
  });
  afterEach(() => {
    unregister();
    vi.useRealTimers();
    vi.restoreAllMocks();
    setLogLevel(defaultLogLevel);
    forgetRenewalToken();
  });

  it("renews an expired anonymous token at the next 5-minute check", async () => {
    const old = anonymousReply("anon-1", "sess-1", 7 * 60);
    useAuthStore.getState().setAnonymousAuth(old);
    const renewed = {
      ...anonymousReply("anon-1", "sess-1"),
      access_token: makeJwt({ sub: "anon-1", r: 1 }),
    };
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, renewed));
    renderHook(() => useTokenMonitor(fetchImpl));

    await vi.advanceTimersByTimeAsync(minutes(5));
    expect(fetchImpl).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(minutes(5));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).get("authorization")).toBe(
      `Bearer ${old.access_token}`,
    );
    expect(useAuthStore.getState()).toMatchObject({
      userId: "anon-1",
      accessToken: renewed.access_token,
    });
    expect(reset).not.toHaveBeenCalled();
  });

  it("clears auth and resets the stores when the renewal fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1", "sess-1", 60));
    const fetchImpl = vi.fn<FetchLike>(async () => json(503, { message: "down" }));
    renderHook(() => useTokenMonitor(fetchImpl));
    await vi.advanceTimersByTimeAsync(minutes(5));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("signs out a signed-in user whose token expired, without asking for a token", async () => {
    useAuthStore.setState({
      ...emptyAuthSession,
      isAuthenticated: true,
      userType: "authenticated",
      userId: "user-1",
      accessToken: "signed.in.token",
      tokenExpiry: Date.now() + minutes(1),
    });
    const fetchImpl = vi.fn<FetchLike>();
    renderHook(() => useTokenMonitor(fetchImpl));
    await vi.advanceTimersByTimeAsync(minutes(5));
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("stops checking once unmounted", async () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1", "sess-1", 60));
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, anonymousReply("anon-1")));
    const { unmount } = renderHook(() => useTokenMonitor(fetchImpl));
    unmount();
    await vi.advanceTimersByTimeAsync(minutes(10));
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe("checkToken", () => {
  beforeEach(() => useAuthStore.getState().clearAuth());
  afterEach(() => {
    vi.restoreAllMocks();
    setLogLevel(defaultLogLevel);
  });

  it("only logs (at info, silent by default) when under a minute is left", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1", "sess-1", 30));
    const token = useAuthStore.getState().accessToken;
    const fetchImpl = vi.fn<FetchLike>();

    await checkToken(fetchImpl);
    expect(info).not.toHaveBeenCalled();

    setLogLevel("info");
    await checkToken(fetchImpl);
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/expires in \d+ s/));
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(useAuthStore.getState().accessToken).toBe(token);
  });

  it("does nothing without a token", async () => {
    const fetchImpl = vi.fn<FetchLike>();
    await checkToken(fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
