import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { resetAllStores } from "../stores/reset.js";
import { useServerReachability } from "../stores/server-reachability-store.js";
import { useStreamStore } from "../stores/stream-store.js";
import { useServerHealth } from "./useServerHealth.js";

const healthy = () =>
  new Response(
    JSON.stringify({
      status: "ok",
      version: "1.2.3",
      database: { dialect: "sqlite", status: "ok", migration: "0008", migrations: 8 },
      uptime_seconds: 5,
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );

describe("useServerHealth", () => {
  let up: boolean;
  let fetchImpl: ReturnType<typeof vi.fn<FetchLike>>;

  beforeEach(() => {
    resetAllStores();
    up = true;
    fetchImpl = vi.fn<FetchLike>(async () => {
      if (!up) throw new TypeError("fetch failed");
      return healthy();
    });
  });
  afterEach(() => vi.useRealTimers());

  it("stops saying online when the live stream loses the server, and says it again once back", async () => {
    const { result } = renderHook(() => useServerHealth({ fetchImpl, recheckMs: 50 }));
    await waitFor(() => expect(result.current.kind).toBe("ok"));

    up = false;
    act(() => useStreamStore.getState().setStatus("error"));
    await waitFor(() => expect(result.current.kind).toBe("error"));
    expect(result.current).toEqual({
      kind: "error",
      message: "Network error. Please check your connection and try again.",
    });
    // The agents' and tool servers' dots follow.
    expect(useServerReachability.getState().unreachable).toBe(true);

    // No stream change needed: while unreachable the server is asked again on its own.
    const calls = fetchImpl.mock.calls.length;
    up = true;
    await waitFor(() => expect(result.current.kind).toBe("ok"));
    expect(fetchImpl.mock.calls.length).toBeGreaterThan(calls);
    expect(useServerReachability.getState().unreachable).toBe(false);
  });

  it("does not ask while the stream is only trying to connect, nor keeps polling a healthy server", async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useServerHealth({ fetchImpl, recheckMs: 1000 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.kind).toBe("ok");
    act(() => useStreamStore.getState().setStatus("connecting"));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    act(() => useStreamStore.getState().setStatus("connected"));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
