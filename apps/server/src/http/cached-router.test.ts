import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { CachedRouter, cachedMatchLimit } from "./cached-router.js";

const routes: [string, string, string][] = [
  ["ALL", "/api/*", "api guard"],
  ["GET", "/api/v1/agents/external/:id", "external agent"],
  ["GET", "/api/v1/agents/:name/.well-known/agent-card.json", "card"],
  ["GET", "/api/v1/core/contexts", "list"],
  ["GET", "/api/v1/core/contexts/:id", "one"],
];

function both() {
  const cached = new CachedRouter<string>();
  const plain = new TrieRouter<string>();
  for (const [method, path, name] of routes) {
    cached.add(method, path, name);
    plain.add(method, path, name);
  }
  return { cached, plain };
}

describe("CachedRouter", () => {
  it("answers as the trie router does, params included, asked once or again", () => {
    const { cached, plain } = both();
    for (const [method, path] of [
      ["GET", "/api/v1/core/contexts"],
      ["GET", "/api/v1/core/contexts/abc"],
      ["GET", "/api/v1/core/contexts/def"],
      ["GET", "/api/v1/agents/external/x1"],
      ["GET", "/api/v1/agents/assistant/.well-known/agent-card.json"],
      ["POST", "/api/v1/core/contexts"],
      ["GET", "/nothing"],
    ] as const) {
      const expected = plain.match(method, path);
      expect(cached.match(method, path), `${method} ${path}`).toEqual(expected);
      expect(cached.match(method, path), `${method} ${path} again`).toEqual(expected);
    }
  });

  it("forgets its answers when a route is added", () => {
    const { cached } = both();
    expect(cached.match("GET", "/api/v1/late")[0]).toHaveLength(1);
    cached.add("GET", "/api/v1/late", "late");
    expect(cached.match("GET", "/api/v1/late")[0]).toHaveLength(2);
  });

  it("stays bounded whatever paths are asked for, and still answers right", () => {
    const { cached, plain } = both();
    for (let i = 0; i < cachedMatchLimit * 2 + 10; i++) {
      cached.match("GET", `/api/v1/core/contexts/${i}`);
    }
    const path = `/api/v1/core/contexts/${"x".repeat(300)}`;
    expect(cached.match("GET", path)).toEqual(plain.match("GET", path));
    expect(cached.size).toBeLessThanOrEqual(cachedMatchLimit);
  });
});
