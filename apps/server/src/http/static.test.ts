import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { createTestDatabase, type TestDatabase } from "../test/databases.js";
import { cacheControlFor } from "./static.js";

const appHtml = `<!doctype html><html><head><title>A2A Chat</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
const homeHtml = "<!doctype html><html><body><h1>Home page</h1></body></html>";
const aboutHtml = "<!doctype html><html><body><h1>About</h1></body></html>";
const notFoundHtml = "<!doctype html><html><body><h1>Page not found</h1></body></html>";
const script = "console.log('app');".repeat(10);

/** A build as `npm run build` writes it: the website's pages and the chat's shell in app.html. */
function makeWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-web-"));
  mkdirSync(join(dir, "assets"));
  mkdirSync(join(dir, "about"));
  mkdirSync(join(dir, "docs"));
  writeFileSync(join(dir, "app.html"), appHtml);
  writeFileSync(join(dir, "index.html"), homeHtml);
  writeFileSync(join(dir, "about", "index.html"), aboutHtml);
  writeFileSync(join(dir, "docs", "agents.md"), "# Agents\n");
  writeFileSync(join(dir, "404.html"), notFoundHtml);
  writeFileSync(join(dir, "500.html"), "<h1>An unexpected error occurred</h1>");
  writeFileSync(join(dir, "sitemap.xml"), "<urlset/>");
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

  it("serves the website's prerendered pages with no-cache", async () => {
    for (const [path, html] of [
      ["/", homeHtml],
      ["/about", aboutHtml],
      ["/about/", aboutHtml],
    ] as const) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(html);
    }
  });

  it("serves a docs page's markdown and the sitemap as text", async () => {
    const md = await app().request("/docs/agents.md");
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("cache-control")).toBe("no-cache");
    expect(await md.text()).toBe("# Agents\n");
    const sitemap = await app().request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("xml");
  });

  it("sends the chat's shell for the app's routes only", async () => {
    for (const path of ["/chat", "/chat/", "/auth/callback"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(appHtml);
    }
  });

  it("sends the shell with status 404 for a path below an app route that is no route", async () => {
    for (const path of ["/chat/does-not-exist", "/chat/a/b", "/auth/callback/x"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      // The app renders its own not-found page for it.
      expect(await res.text()).toBe(appHtml);
    }
  });

  it("answers unknown pages with the website's 404 page and status 404", async () => {
    for (const path of ["/nope", "/docs/missing-page", "/chatroom", "/404"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toBe(notFoundHtml);
    }
  });

  it("does not serve the build's internal files as pages", async () => {
    for (const path of ["/app.html", "/404.html", "/500.html", "/site-build.json"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<div id="root">');
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
    expect(cacheControlFor("/robots.txt")).toBe("no-cache");
    expect(cacheControlFor("/favicon.svg")).toBe("public, max-age=3600");
    expect(cacheControlFor("/about", "text/html; charset=UTF-8")).toBe("no-cache");
  });
});
