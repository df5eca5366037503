import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

describeEachDialect("Cache-Control of authenticated JSON", (get) => {
  it("marks every JSON answer to a request with a token no-store, errors included", async () => {
    const app = createTestApp(get());
    const { access_token: token } = await anonymousSession(app);
    const created = await app.request("/api/v1/core/contexts", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ name: "Mine" }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    for (const path of [
      "/api/v1/core/contexts",
      "/api/v1/core/tasks",
      "/api/v1/core/artifacts",
      "/api/v1/core/contexts/missing",
      // A public card asked for with a token: the route's no-cache is not enough.
      "/api/v1/agents/assistant/.well-known/agent-card.json",
    ]) {
      const res = await app.request(path, { headers: bearer(token) });
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect({ path, cacheControl: res.headers.get("cache-control") }).toEqual({
        path,
        cacheControl: "no-store",
      });
    }
    const refused = await app.request("/api/v1/core/contexts", { headers: bearer("bad") });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("leaves public answers to their routes", async () => {
    const app = createTestApp(get());
    const card = await app.request("/api/v1/agents/assistant/.well-known/agent-card.json");
    expect(card.headers.get("cache-control")).toBe("no-cache");
    const registry = await app.request("/api/v1/mcp/registry");
    expect(registry.headers.get("cache-control")).toBeNull();
  });
});
