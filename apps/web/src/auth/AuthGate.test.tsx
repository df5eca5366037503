import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { forgetRenewalToken } from "../lib/renewal-token.js";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { AuthGate } from "./AuthGate.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Lets pending promises and timers up to `ms` run inside act. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function renderGate() {
  return render(
    <AuthGate>
      <p>The app</p>
    </AuthGate>,
  );
}

const statusText = () => screen.getByRole("status").textContent;

describe("AuthGate", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    fetchMock = vi.fn<FetchLike>();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    forgetRenewalToken();
  });

  it("renders the app at once when a valid token exists", () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    renderGate();
    expect(screen.getByText("The app")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches an anonymous token, then renders the app", async () => {
    fetchMock.mockResolvedValue(json(200, anonymousReply("anon-1")));
    renderGate();
    expect(screen.getByRole("heading", { name: "Initializing" })).toBeInTheDocument();
    expect(statusText()).toBe("Setting up your session...");
    await advance(0);
    expect(screen.getByText("The app")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/oauth/session");
    expect(useAuthStore.getState().userId).toBe("anon-1");
  });

  it("retries after 1000, 2000 and 4000 ms, then shows the failure screen", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderGate();
    expect(statusText()).toBe("Setting up your session...");

    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(statusText()).toBe("Retrying authentication (1/3)...");

    await advance(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(statusText()).toBe("Retrying authentication (2/3)...");

    await advance(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(statusText()).toBe("Retrying authentication (3/3)...");

    await advance(3999);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole("heading", { name: "Initializing" })).toBeInTheDocument();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);

    expect(screen.getByRole("heading", { name: "Authentication Failed" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Failed to initialize authentication. Please refresh the page.",
    );
    expect(screen.queryByText("The app")).not.toBeInTheDocument();

    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("reloads the page from the failure screen", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderGate();
    await advance(7000);
    fireEvent.click(screen.getByRole("button", { name: "Refresh Page" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("recovers when a retry succeeds", async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(json(500, { message: "starting up" }))
      .mockResolvedValueOnce(json(200, anonymousReply("anon-3")));
    renderGate();
    await advance(1000);
    expect(statusText()).toBe("Retrying authentication (2/3)...");
    await advance(2000);
    expect(screen.getByText("The app")).toBeInTheDocument();
  });

  it("sets up a new session when the token goes away while the app runs", async () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    fetchMock.mockResolvedValue(json(200, anonymousReply("anon-2")));
    renderGate();
    act(() => useAuthStore.getState().clearAuth());
    expect(statusText()).toBe("Setting up your session...");
    await advance(0);
    expect(screen.getByText("The app")).toBeInTheDocument();
    expect(useAuthStore.getState().userId).toBe("anon-2");
  });
});
