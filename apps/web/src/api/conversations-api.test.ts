import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { makeJwt } from "../test/jwt-fixture.js";
import {
  createShare,
  importConversations,
  listShares,
  readShare,
  revokeShare,
  searchConversations,
} from "./conversations-api.js";

const share = {
  id: "s".repeat(32),
  context_id: "c1",
  name: "Chat",
  up_to_message_id: null,
  created_at: "2026-01-01T00:00:00.000Z",
  path: `/shared?id=${"s".repeat(32)}`,
};

describe("conversations api", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const answer = (body: unknown, status = 200) =>
    fetchMock.mockResolvedValueOnce(
      status === 204 ? new Response(null, { status }) : Response.json(body, { status }),
    );
  const call = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
    return {
      url,
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: init.body,
    };
  };

  beforeEach(() => {
    useAuthStore.getState().setAuth({
      access_token: makeJwt({ sub: "u1", scope: "anonymous", user_type: "anon", exp: 4e9 }),
      token_type: "Bearer",
      user_id: "u1",
      session_id: "s1",
      expires_in: 3600,
    });
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("searches with the words and the limit, with the session's token", async () => {
    answer([]);
    expect(await searchConversations("café latte", 5)).toEqual([]);
    expect(call().url).toBe("/api/v1/core/search?q=caf%C3%A9+latte&limit=5");
    expect(call().headers.get("Authorization")).toMatch(/^Bearer /);
  });

  it("sends an import file as it is and reads the new conversations", async () => {
    answer([], 201);
    await importConversations('{"format":"x"}');
    expect(call()).toMatchObject({
      url: "/api/v1/core/imports",
      method: "POST",
      body: '{"format":"x"}',
    });
  });

  it("creates, lists and revokes share links; reads one without a token", async () => {
    answer(share, 201);
    expect(await createShare("c1", "m9")).toEqual(share);
    expect(call()).toMatchObject({
      url: "/api/v1/core/contexts/c1/shares",
      method: "POST",
      body: '{"up_to_message_id":"m9"}',
    });
    answer([share]);
    expect(await listShares()).toEqual([share]);
    answer(null, 204);
    await revokeShare(share.id);
    expect(call(2)).toMatchObject({ url: `/api/v1/core/shares/${share.id}`, method: "DELETE" });
    answer({ name: "Chat", shared_at: share.created_at, messages: [], artifacts: [] });
    await readShare(share.id);
    expect(call(3).url).toBe(`/api/v1/public/shares/${share.id}`);
    expect(call(3).headers.has("Authorization")).toBe(false);
  });

  it("refuses an answer of the wrong shape", async () => {
    answer([{ nope: true }]);
    await expect(listShares()).rejects.toThrow("The server sent an invalid answer");
  });
});
