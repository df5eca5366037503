import { describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { fetchAnonymousToken } from "./anonymous-token.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const unauthorized = () =>
  json(401, { error: "unauthorized", message: "Invalid or expired JWT token" });

describe("fetchAnonymousToken", () => {
  it("POSTs an empty body to the session endpoint and returns the validated reply", async () => {
    const reply = anonymousReply("anon-1");
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, reply));
    await expect(fetchAnonymousToken(undefined, fetchImpl)).resolves.toEqual(reply);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/core/oauth/session");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has("authorization")).toBe(false);
  });

  it("sends the previous token so the server can renew the session", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, anonymousReply("anon-1")));
    await fetchAnonymousToken("old.token.sig", fetchImpl);
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer old.token.sig");
  });

  it("starts a new session when the server refuses to renew", async () => {
    const fresh = anonymousReply("anon-2");
    const fetchImpl = vi
      .fn<FetchLike>()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, fresh));
    await expect(fetchAnonymousToken("revoked.token.sig", fetchImpl)).resolves.toEqual(fresh);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchImpl.mock.calls[1]?.[1]?.headers).has("authorization")).toBe(false);
  });

  it("fails on a server error without a second call", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(500, { message: "database down" }));
    await expect(fetchAnonymousToken("old.token.sig", fetchImpl)).rejects.toThrow("database down");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("rejects a reply that is not a token reply", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, { access_token: "x" }));
    await expect(fetchAnonymousToken(undefined, fetchImpl)).rejects.toThrow(
      "The server sent an invalid token reply",
    );
  });
});
