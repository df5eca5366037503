import { errorEnvelopeSchema, healthResponseSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { migrations } from "../db/migrations/index.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";

describeEachDialect("GET /api/v1/health", (get, dialect) => {
  it("answers 200 with status, version, dialect and migration level", async () => {
    const res = await createTestApp(get()).request("/api/v1/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = healthResponseSchema.parse(await res.json());
    expect(body.status).toBe("ok");
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.database).toEqual({
      dialect,
      status: "ok",
      migration: Object.keys(migrations).at(-1),
      migrations: Object.keys(migrations).length,
      // SQLite watches its data folder's disk (a reserve keeps deletes working when it fills).
      ...(dialect === "sqlite" ? { storage: "ok" } : {}),
    });
  });
});

describeEachDialect("API errors and headers", (get) => {
  const app = () => createTestApp(get());

  it("answers unknown API paths with a JSON 404 envelope", async () => {
    for (const path of ["/api/nope", "/api/v1/nothing/here", "/api", "/api/"]) {
      const res = await app().request(path, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = errorEnvelopeSchema.parse(await res.json());
      expect(body.error).toBe("not_found");
    }
  });

  it("gives unknown methods on known API paths a JSON 404", async () => {
    const res = await app().request("/api/v1/health", { method: "DELETE" });
    expect(res.status).toBe(404);
    expect(errorEnvelopeSchema.parse(await res.json()).error).toBe("not_found");
  });

  it("echoes a valid incoming x-trace-id and generates one otherwise", async () => {
    const honoured = await app().request("/api/v1/health", {
      headers: { "x-trace-id": "trace-abc_123" },
    });
    expect(honoured.headers.get("x-trace-id")).toBe("trace-abc_123");
    const generated = await app().request("/api/v1/health");
    expect(generated.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await app().request("/api/v1/health", {
      headers: { "x-trace-id": "bad id\twith spaces" },
    });
    expect(unsafe.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends pages the document security headers", async () => {
    const res = await app().request("/no-such-page");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // The chat's agent worker is a script of this origin; nothing else may start a worker.
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The browser talks to this site only: every agent and tool server is reached through it.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends API replies the short set: nothing may load, run or frame them, no sniffing", async () => {
    const res = await app().request("/api/v1/health");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    for (const name of ["referrer-policy", "x-frame-options", "cross-origin-opener-policy"]) {
      expect(res.headers.get(name), name).toBeNull();
    }
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS only when the public URL is HTTPS", async () => {
    const secure = createTestApp(get(), {
      config: { server: { publicUrl: "https://chat.example" } },
    });
    for (const path of ["/api/v1/health", "/no-such-page"]) {
      const res = await secure.request(path);
      expect(res.headers.get("strict-transport-security"), path).toContain("max-age=");
    }
  });

  it("rejects malformed JSON on an API route with an envelope", async () => {
    // A public write: a protected path without a token reads no body (token-first.test.ts).
    const res = await app().request("/api/v1/blog/events/view", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_json",
      message: "Request body is not valid JSON",
    });
  });
});
