import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyAuthSession, useAuthStore } from "../stores/auth-store.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import type { FetchLike } from "./api.js";
import { ApiError } from "./api-error.js";
import { authenticatedRequest } from "./authenticated-request.js";
import { forgetRenewalToken } from "./renewal-token.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const invalidToken = () =>
  json(401, { error: "unauthorized", message: "Invalid or expired JWT token" });
const sessionPath = "/api/v1/core/oauth/session";
const headersOf = (init?: RequestInit) => new Headers(init?.headers);

async function failure(answer: () => Response | Promise<Response>): Promise<ApiError> {
  const error: unknown = await authenticatedRequest("/api/v1/core/contexts", {}, async () =>
    answer(),
  ).then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  if (error instanceof ApiError) return error;
  throw error;
}

describe("authenticatedRequest", () => {
  const first = anonymousReply("anon-1");
  const second = { ...anonymousReply("anon-1"), access_token: makeJwt({ sub: "anon-1", v: 2 }) };

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setAnonymousAuth(first);
  });
  afterEach(() => forgetRenewalToken());

  it("sends the bearer token, credentials and a fresh x-trace-id on every call", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, { ok: true }));
    await expect(authenticatedRequest("/api/v1/core/contexts", {}, fetchImpl)).resolves.toEqual({
      ok: true,
    });
    await authenticatedRequest("/api/v1/core/contexts", { method: "POST", body: "{}" }, fetchImpl);
    const [a, b] = fetchImpl.mock.calls.map(([, init]) => init);
    expect(headersOf(a).get("authorization")).toBe(`Bearer ${first.access_token}`);
    expect(a?.credentials).toBe("include");
    expect(headersOf(a).get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(headersOf(b).get("x-trace-id")).not.toBe(headersOf(a).get("x-trace-id"));
    expect(headersOf(b).get("content-type")).toBe("application/json");
  });

  it("refuses to call without a valid token", async () => {
    const fetchImpl = vi.fn<FetchLike>();
    useAuthStore.getState().clearAuth();
    await expect(authenticatedRequest("/x", {}, fetchImpl)).rejects.toThrow(
      "No valid JWT token available",
    );
    useAuthStore.setState({ accessToken: first.access_token, tokenExpiry: Date.now() - 1 });
    await expect(authenticatedRequest("/x", {}, fetchImpl)).rejects.toThrow(
      "No valid JWT token available",
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("maps every HTTP row of the error catalogue", async () => {
    expect((await failure(() => json(429, { error: "rate_limited", message: "x" }))).message).toBe(
      "Rate limit exceeded. Please wait a moment and try again.",
    );
    expect((await failure(() => json(401, { message: "Session revoked" }))).message).toBe(
      "Session revoked",
    );
    expect((await failure(() => json(401, {}))).message).toBe("Unauthorized. Please log in again.");
    expect((await failure(() => json(403, { message: "nope" }))).message).toBe(
      "Forbidden. You do not have permission to access this resource.",
    );
    const html = () => new Response("<p>", { headers: { "content-type": "text/html" } });
    expect((await failure(html)).message).toBe("Expected JSON response but received: text/html");
    expect((await failure(() => json(404, { message: "No such context" }))).message).toBe(
      "No such context",
    );
    expect((await failure(() => new Response("", { status: 500 }))).message).toBe(
      "Request failed with status 500",
    );
    const network = () => Promise.reject(new TypeError("Failed to fetch"));
    expect((await failure(network)).message).toBe(
      "Network error. Please check your connection and try again.",
    );
    expect((await failure(() => Promise.reject(new Error("boom")))).message).toBe("boom");
    const notAnError = () => Promise.reject(Object.freeze({ reason: "weird" }));
    expect((await failure(notAnError)).message).toBe("Unknown error occurred");
  });

  it("returns no data for a 204", async () => {
    const reply = await authenticatedRequest(
      "/api/v1/core/contexts/c1",
      { method: "DELETE" },
      async () => new Response(null, { status: 204 }),
    );
    expect(reply).toBeUndefined();
  });

  it.each([401, 403])(
    "refreshes and retries once on a %i with an invalid token",
    async (status) => {
      const fetchImpl = vi.fn<FetchLike>(async (url, init) => {
        if (url === sessionPath) return json(200, second);
        const auth = headersOf(init).get("authorization");
        if (auth === `Bearer ${first.access_token}`)
          return json(status, { error: "unauthorized", message: "Invalid or expired JWT token" });
        return json(200, { ok: true });
      });
      await expect(authenticatedRequest("/api/v1/core/contexts", {}, fetchImpl)).resolves.toEqual({
        ok: true,
      });
      const urls = fetchImpl.mock.calls.map(([url]) => url);
      expect(urls).toEqual(["/api/v1/core/contexts", sessionPath, "/api/v1/core/contexts"]);
      const [firstTry, , retry] = fetchImpl.mock.calls.map(([, init]) => headersOf(init));
      expect(retry?.get("authorization")).toBe(`Bearer ${second.access_token}`);
      expect(retry?.get("x-trace-id")).not.toBe(firstTry?.get("x-trace-id"));
      expect(useAuthStore.getState().accessToken).toBe(second.access_token);
    },
  );

  it("does not refresh on a 401 without the invalid-token text", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(401, { message: "Session revoked" }));
    await expect(authenticatedRequest("/x", {}, fetchImpl)).rejects.toThrow("Session revoked");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("retries only once when the new token is rejected too", async () => {
    const fetchImpl = vi.fn<FetchLike>(async (url) =>
      url === sessionPath ? json(200, second) : invalidToken(),
    );
    await expect(authenticatedRequest("/x", {}, fetchImpl)).rejects.toThrow(
      "Invalid or expired JWT token",
    );
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual(["/x", sessionPath, "/x"]);
  });

  it("shares ONE refresh between ten concurrent requests and retries each once", async () => {
    // The refresh answers only after all ten requests were rejected, so every one of them
    // reaches the refresh while it is in flight.
    let rejected = 0;
    let allRejected: () => void = () => undefined;
    const tenRejected = new Promise<void>((resolve) => {
      allRejected = resolve;
    });
    const fetchImpl = vi.fn<FetchLike>(async (url, init) => {
      if (url === sessionPath) {
        await tenRejected;
        return json(200, second);
      }
      const auth = headersOf(init).get("authorization");
      if (auth === `Bearer ${second.access_token}`) return json(200, { url });
      if (++rejected === 10) allRejected();
      return invalidToken();
    });
    const paths = Array.from({ length: 10 }, (_, i) => `/api/v1/core/contexts/c${i}`);
    const replies = await Promise.all(paths.map((p) => authenticatedRequest(p, {}, fetchImpl)));

    expect(replies).toEqual(paths.map((url) => ({ url })));
    const urls = fetchImpl.mock.calls.map(([url]) => url);
    expect(urls.filter((url) => url === sessionPath)).toHaveLength(1);
    for (const path of paths) expect(urls.filter((url) => url === path)).toHaveLength(2);
  });

  it("signs a signed-in user out instead of retrying", async () => {
    useAuthStore.setState({
      ...emptyAuthSession,
      isAuthenticated: true,
      userType: "authenticated",
      userId: "user-1",
      accessToken: "signed.in.token",
      tokenExpiry: Date.now() + 60_000,
    });
    const fetchImpl = vi.fn<FetchLike>(async () => invalidToken());
    await expect(authenticatedRequest("/x", {}, fetchImpl)).rejects.toThrow(
      "Invalid or expired JWT token",
    );
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject(emptyAuthSession);
  });
});
