import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { contextRecord, jsonReply } from "../test/sse-fixture.js";
import type { FetchLike } from "./api.js";
import {
  createContextRequest,
  deleteContextRequest,
  renameContextRequest,
} from "./contexts-api.js";

describe("contexts API", () => {
  const session = anonymousReply("anon-1");
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(session);
  });

  it("creates and renames with the bearer token, returning the validated record", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => jsonReply(201, contextRecord("c1")));
    await expect(createContextRequest("Trip", fetchImpl)).resolves.toEqual(contextRecord("c1"));
    await renameContextRequest("a/b", "Trip 2", fetchImpl);
    const [create, rename] = fetchImpl.mock.calls;
    expect(create?.[0]).toBe("/api/v1/core/contexts");
    expect(new Headers(create?.[1]?.headers).get("authorization")).toBe(
      `Bearer ${session.access_token}`,
    );
    expect(rename?.[0]).toBe("/api/v1/core/contexts/a%2Fb");
    expect(rename?.[1]?.body).toBe(JSON.stringify({ name: "Trip 2" }));
  });

  it("rejects a reply that is not a conversation", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => jsonReply(201, { context_id: "c1" }));
    await expect(createContextRequest("Trip", fetchImpl)).rejects.toThrow(
      "The server sent an invalid conversation",
    );
  });

  it("deletes with a 204 and passes the server's refusal on", async () => {
    const ok = vi.fn<FetchLike>(async () => new Response(null, { status: 204 }));
    await expect(deleteContextRequest("c1", ok)).resolves.toBeUndefined();
    expect(ok.mock.calls[0]?.[1]?.method).toBe("DELETE");
    const refused = vi.fn<FetchLike>(async () =>
      jsonReply(409, {
        error: "conflict",
        message: "Cannot delete last context - system must always have at least one context",
      }),
    );
    await expect(deleteContextRequest("c1", refused)).rejects.toMatchObject({
      status: 409,
      code: "conflict",
    });
  });
});
