import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { anonymousSession, bearer } from "../test/tokens.js";
import { DbRateLimitStore } from "./db-store.js";
import { MemoryRateLimitStore } from "./memory-store.js";

const sessionPath = "/api/v1/core/oauth/session";
const fromIp = (ip: string) => ({ "x-forwarded-for": ip });

describeEachDialect("rate limits", (get, dialect) => {
  const limited = () =>
    createTestApp(get(), {
      config: {
        server: { trustProxyHops: 1 },
        // A day-long window: a test never straddles a window boundary (they fall at 00:00 UTC).
        rateLimit: { anonymousSessionsPerIp: 3, apiRequestsPerUser: 2, windowSeconds: 86_400 },
      },
    });

  it("limits anonymous sessions per IP with 429, Retry-After and the envelope", async () => {
    const app = limited();
    const ip = `10.0.0.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 3; i++) {
      const ok = await app.request(sessionPath, { method: "POST", headers: fromIp(ip) });
      expect(ok.status).toBe(200);
    }
    const res = await app.request(sessionPath, { method: "POST", headers: fromIp(ip) });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await res.json()).toEqual({
      error: "rate_limited",
      message: "Rate limit exceeded. Please wait a moment and try again.",
    });
    const other = await app.request(sessionPath, { method: "POST", headers: fromIp("192.0.2.9") });
    expect(other.status).toBe(200);
  });

  it("limits API requests per user, not per IP", async () => {
    const app = limited();
    const alice = await anonymousSession(app, fromIp("198.51.100.1"));
    const bob = await anonymousSession(app, fromIp("198.51.100.2"));
    const me = (token: string) => app.request("/api/v1/core/me", { headers: bearer(token) });
    expect((await me(alice.access_token)).status).toBe(200);
    expect((await me(alice.access_token)).status).toBe(200);
    const third = await me(alice.access_token);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await me(bob.access_token)).status).toBe(200);
  });

  it("turns a limit off with 0", async () => {
    const app = createTestApp(get(), { config: { rateLimit: { anonymousSessionsPerIp: 0 } } });
    for (let i = 0; i < 5; i++) {
      expect((await app.request(sessionPath, { method: "POST" })).status).toBe(200);
    }
  });

  if (dialect === "postgres") {
    it("shares windows between replicas on PostgreSQL", async () => {
      // Two app instances over one database stand for two replicas behind a load balancer.
      const replicaA = limited();
      const replicaB = limited();
      const ip = "203.0.113.77";
      const statuses: number[] = [];
      for (const app of [replicaA, replicaB, replicaA, replicaB]) {
        statuses.push(
          (await app.request(sessionPath, { method: "POST", headers: fromIp(ip) })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it("counts concurrent hits exactly in the database store", async () => {
      const store = new DbRateLimitStore(get().db.kysely);
      const start = Date.now();
      const counts = await Promise.all(
        Array.from({ length: 20 }, () => store.hit("concurrent", start, 60_000)),
      );
      expect([...counts].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });
  }
});

describe("MemoryRateLimitStore", () => {
  it("counts per key and window and forgets ended windows", async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.hit("a", 0, 1000)).toBe(1);
    expect(await store.hit("a", 0, 1000)).toBe(2);
    expect(await store.hit("b", 0, 1000)).toBe(1);
    expect(await store.hit("a", 1000, 1000)).toBe(1);
    expect(store.size).toBe(1);
  });
});
