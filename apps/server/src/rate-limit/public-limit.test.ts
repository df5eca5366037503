import { expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { anonymousSession, bearer } from "../test/tokens.js";

const limitedBody = {
  error: "rate_limited",
  message: "Rate limit exceeded. Please wait a moment and try again.",
};
// A new address each time (from a random start, then the next), so no two tests or clients share
// a window: two random picks were the same address one run in 250, and the "other client" of
// the first test was then limited.
let nextIp = Math.floor(Math.random() * 250);
const randomIp = () => `203.0.113.${1 + (nextIp++ % 250)}`;

describeEachDialect("per-IP limit of requests without a valid token", (get) => {
  const limited = (trustProxyHops: number, publicRequestsPerIp = 3) =>
    createTestApp(get(), {
      config: {
        server: { trustProxyHops },
        // A day-long window: a test never straddles a window boundary.
        rateLimit: { publicRequestsPerIp, anonymousSessionsPerIp: 0, windowSeconds: 86_400 },
      },
    });

  it("limits public endpoints per client IP with 429, Retry-After and the envelope", async () => {
    const app = limited(1);
    const ip = randomIp();
    const from = (address: string) => ({ "x-forwarded-for": `198.51.100.77, ${address}` });
    for (const path of ["/api/v1/mcp/registry", "/api/v1/agents/registry", "/api/v1/health"]) {
      expect((await app.request(path, { headers: from(ip) })).status).toBe(200);
    }
    const res = await app.request("/api/v1/mcp/registry", { headers: from(ip) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await res.json()).toEqual(limitedBody);
    const jwks = await app.request("/.well-known/jwks.json", { headers: from(ip) });
    expect(jwks.status).toBe(429);
    // Another client behind the same proxy has its own window.
    const other = await app.request("/api/v1/mcp/registry", { headers: from(randomIp()) });
    expect(other.status).toBe(200);
  });

  it("reads the IP from the socket when no proxy is trusted: X-Forwarded-For cannot dodge it", async () => {
    const app = limited(0);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.request("/api/v1/mcp/registry", {
        headers: { "x-forwarded-for": randomIp() },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counts refused tokens per IP, and never a valid token's requests", async () => {
    const app = limited(1);
    const ip = randomIp();
    const headers = { "x-forwarded-for": ip };
    const { access_token: token } = await anonymousSession(app, headers);
    const me = (authorization: Record<string, string>) =>
      app.request("/api/v1/core/me", { headers: { ...headers, ...authorization } });
    for (let i = 0; i < 5; i++) expect((await me(bearer(token))).status).toBe(200);
    // The session call above was the first request without a token.
    expect((await me(bearer("forged.token.value"))).status).toBe(401);
    expect((await me(bearer("forged.token.value"))).status).toBe(401);
    const refused = await me(bearer("forged.token.value"));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(limitedBody);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // A valid token from the same address still works.
    expect((await me(bearer(token))).status).toBe(200);
    const mcp = await app.request("/api/v1/mcp/analytics/mcp", {
      method: "POST",
      headers: { ...headers, ...bearer("forged"), "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(mcp.status).toBe(429);
  });

  it("is off with 0", async () => {
    const app = limited(1, 0);
    const headers = { "x-forwarded-for": randomIp() };
    for (let i = 0; i < 5; i++) {
      expect((await app.request("/api/v1/mcp/registry", { headers })).status).toBe(200);
    }
  });
});
