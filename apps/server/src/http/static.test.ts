import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { createTestDatabase, type TestDatabase } from "../test/databases.js";
import { cacheControlFor } from "./static.js";

const indexHtml = `<!doctype html><html><head><title>A2A Chat</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
const script = "console.log('app');".repeat(10);

function makeWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), indexHtml);
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(dir, "assets", "app-Ab12Cd.js"), script);
  writeFileSync(join(dir, "assets", "app-Ab12Cd.js.gz"), gzipSync(script));
  return dir;
}

describe("serving the web app", () => {
  let database: TestDatabase;
  let webDir: string;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    webDir = makeWebDir();
    return () => database.destroy();
  });
  const app = () => createTestApp(database, { webDir });

  it("serves index.html at / with no-cache", async () => {
    const res = await app().request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toBe(indexHtml);
  });

  it("falls back to index.html for client routes", async () => {
    for (const path of ["/chat", "/docs/getting-started", "/auth/callback"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(indexHtml);
    }
  });

  it("serves hashed assets as immutable, precompressed when accepted", async () => {
    const plain = await app().request("/assets/app-Ab12Cd.js");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toContain("javascript");
    expect(await plain.text()).toBe(script);

    const gz = await app().request("/assets/app-Ab12Cd.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("compresses HTML on the fly when no precompressed file exists", async () => {
    const res = await app().request("/chat", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("never answers API paths with HTML", async () => {
    const res = await app().request("/api/v1/unknown", { headers: { accept: "text/html" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });

  it("answers a missing file with 404, not the app", async () => {
    const res = await app().request("/assets/missing-123.js");
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it("does not let a path escape the web folder", async () => {
    for (const path of [
      "/..%2f..%2fetc%2fpasswd",
      "/assets/../../../etc/passwd",
      "/%2e%2e/package.json",
    ]) {
      const res = await app().request(path);
      const text = await res.text();
      expect(text, path).not.toContain("root:");
      expect(text, path).not.toContain('"name"');
    }
  });

  it("serves other files for an hour", async () => {
    const res = await app().request("/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("sends the CSP on HTML too", async () => {
    const res = await app().request("/");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
  });
});

describe("cacheControlFor", () => {
  it("chooses by path", () => {
    expect(cacheControlFor("/assets/x-1.css")).toContain("immutable");
    expect(cacheControlFor("/index.html")).toBe("no-cache");
    expect(cacheControlFor("/docs/")).toBe("no-cache");
    expect(cacheControlFor("/robots.txt")).toBe("public, max-age=3600");
  });
});
