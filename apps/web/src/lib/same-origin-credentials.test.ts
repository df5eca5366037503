import { describe, expect, it, vi } from "vitest";
import {
  destinationOf,
  goesToThisOrigin,
  sameOriginCredentials,
} from "./same-origin-credentials.js";

const origin = "https://chat.example";

function recorder() {
  const seen: { url: string; authorization: string | null }[] = [];
  const base = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    seen.push({ url, authorization: new Headers(init?.headers).get("authorization") });
    return new Response("{}");
  });
  return { base, seen };
}

describe("where a request goes", () => {
  it("resolves strings, URLs and Requests against the page", () => {
    expect(destinationOf("/api/x", `${origin}/chat`)?.href).toBe(`${origin}/api/x`);
    expect(destinationOf(new URL("https://a.example/b"))?.host).toBe("a.example");
    expect(destinationOf(new Request("https://b.example/c"))?.host).toBe("b.example");
    expect(destinationOf("http://[bad")).toBeNull();
  });

  it("counts only the exact origin as this site", () => {
    expect(goesToThisOrigin(`${origin}/api`, origin)).toBe(true);
    expect(goesToThisOrigin("/api", origin)).toBe(true);
    expect(goesToThisOrigin("//evil.example/api", origin)).toBe(false);
    expect(goesToThisOrigin("https://chat.example.evil.example/api", origin)).toBe(false);
    expect(goesToThisOrigin("http://chat.example/api", origin)).toBe(false);
    expect(goesToThisOrigin("https://chat.example:8443/api", origin)).toBe(false);
    expect(goesToThisOrigin("javascript:alert(1)", origin)).toBe(false);
  });
});

describe("sameOriginCredentials", () => {
  it("adds the token only for this origin", async () => {
    const { base, seen } = recorder();
    const guarded = sameOriginCredentials(base, { getToken: () => "tok", origin });
    await guarded(`${origin}/api/v1/agents/a`);
    await guarded("https://agent.example/a2a");
    expect(seen).toEqual([
      { url: `${origin}/api/v1/agents/a`, authorization: "Bearer tok" },
      { url: "https://agent.example/a2a", authorization: null },
    ]);
  });

  it("removes an Authorization header a caller set when the request leaves this origin", async () => {
    const { base, seen } = recorder();
    const guarded = sameOriginCredentials(base, { origin });
    const headers = { Authorization: "Bearer tok", Accept: "application/json" };
    await guarded("https://mcp.example/mcp", { headers });
    await guarded(new Request("https://mcp.example/mcp", { headers }));
    await guarded(`${origin}/api/v1/mcp/product/mcp`, { headers });
    expect(seen.map((s) => s.authorization)).toEqual([null, null, "Bearer tok"]);
  });

  it("sends nothing when there is no token", async () => {
    const { base, seen } = recorder();
    await sameOriginCredentials(base, { getToken: () => null, origin })(`${origin}/x`);
    expect(seen[0]?.authorization).toBeNull();
  });
});
