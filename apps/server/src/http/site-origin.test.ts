import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { testConfig } from "../test/config.js";
import { createTestDatabase, type TestDatabase } from "../test/databases.js";
import { originRewriter, servedSiteOrigin, siteOriginRewrite } from "./site-origin.js";

const built = "https://public-url.invalid";
const encoded = encodeURIComponent(built);
const padding = "<!-- padding -->".repeat(100);
const page = (path: string) =>
  `<!doctype html><html><head><link rel="canonical" href="${built}${path}"/><meta property="og:url" content="${built}${path}"/><meta property="og:image" content="${built}/og-image.png"/><script type="application/ld+json">{"url":"${built}${path}"}</script></head><body><a href="https://twitter.com/intent/tweet?url=${encoded}${encodeURIComponent(path)}">X</a><p>curl http://localhost:8080/api/v1/health</p>${padding}</body></html>`;

/** A build as the website build writes it: pages with the placeholder origin, and its record. */
function makeWebDir(record = true): string {
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-site-"));
  mkdirSync(join(dir, "docs"));
  writeFileSync(join(dir, "app.html"), `<div id="root"></div>`);
  writeFileSync(join(dir, "index.html"), page("/"));
  writeFileSync(join(dir, "docs", "index.html"), page("/docs"));
  writeFileSync(join(dir, "404.html"), page("/404").replace(/<link rel="canonical"[^>]*>/, ""));
  writeFileSync(
    join(dir, "sitemap.xml"),
    `<urlset><url><loc>${built}/</loc></url><url><loc>${built}/docs</loc></url></urlset>`,
  );
  writeFileSync(join(dir, "robots.txt"), `Sitemap: ${built}/sitemap.xml\n`);
  if (record) writeFileSync(join(dir, "site-build.json"), JSON.stringify({ origin: built }));
  return dir;
}

function logged() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("the website's served origin", () => {
  let database: TestDatabase;
  let webDir: string;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    webDir = makeWebDir();
    return () => database.destroy();
  });
  const served = "http://localhost:18731";
  const app = () => createTestApp(database, { webDir, config: { server: { publicUrl: served } } });

  it("puts PUBLIC_URL's origin in every page, link, card, JSON-LD and share link", async () => {
    for (const path of ["/", "/docs", "/docs/"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const html = await res.text();
      const own = path === "/" ? "/" : "/docs";
      expect(html).toContain(`<link rel="canonical" href="${served}${own}"/>`);
      expect(html).toContain(`<meta property="og:url" content="${served}${own}"/>`);
      expect(html).toContain(`<meta property="og:image" content="${served}/og-image.png"/>`);
      expect(html).toContain(`{"url":"${served}${own}"}`);
      expect(html).toContain(`?url=${encodeURIComponent(served + own)}"`);
      expect(html).not.toContain("public-url.invalid");
      // Text that merely mentions an address is left as written.
      expect(html).toContain("curl http://localhost:8080/api/v1/health");
    }
  });

  it("puts it in the sitemap, robots.txt and the 404 page too", async () => {
    const sitemap = await app().request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("xml");
    expect(await sitemap.text()).toBe(
      `<urlset><url><loc>${served}/</loc></url><url><loc>${served}/docs</loc></url></urlset>`,
    );
    const robots = await app().request("/robots.txt");
    expect(await robots.text()).toBe(`Sitemap: ${served}/sitemap.xml\n`);
    const missing = await app().request("/no-such-page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`content="${served}/og-image.png"`);
  });

  it("sends the rewritten page compressed as the browser accepts, and HEAD without a body", async () => {
    const br = await app().request("/", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const brText = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(brText).toContain(`href="${served}/"`);
    const gz = await app().request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(brText);
    const head = await app().request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(brText)));
    expect(await head.text()).toBe("");
  });

  it("uses this server on localhost when PUBLIC_URL is unset", async () => {
    const local = createTestApp(database, { webDir, config: { server: { port: 8090 } } });
    expect(await (await local.request("/sitemap.xml")).text()).toContain(
      "<loc>http://localhost:8090/docs</loc>",
    );
  });
});

describe("saying which origin the links use", () => {
  it("names PUBLIC_URL's origin", () => {
    const { logger, lines } = logged();
    const site = servedSiteOrigin(
      testConfig({ server: { publicUrl: "https://chat.example.com/base/" } }),
      logger,
    );
    expect(site.origin).toBe("https://chat.example.com");
    const rewrite = siteOriginRewrite(makeWebDir(), site);
    expect(rewrite?.(`${built}/a`)).toBe("https://chat.example.com/a");
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, "website links use https://chat.example.com"],
    ]);
  });

  it("warns when PUBLIC_URL is unset", () => {
    const { logger, lines } = logged();
    siteOriginRewrite(
      makeWebDir(),
      servedSiteOrigin(testConfig({ server: { port: 8090 } }), logger),
    );
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [
        40,
        "PUBLIC_URL is not set: the website's canonical links, sitemap and share links use http://localhost:8090; set PUBLIC_URL to the address people open",
      ],
    ]);
  });

  it("warns when the build records no origin to replace", () => {
    const { logger, lines } = logged();
    const site = servedSiteOrigin(
      testConfig({ server: { publicUrl: "https://a.example" } }),
      logger,
    );
    expect(siteOriginRewrite(makeWebDir(false), site)).toBeUndefined();
    expect(lines.map((line) => line.level)).toEqual([40]);
    expect(lines[0]?.msg).toContain("rebuild with `npm run build`");
  });

  it("replaces the origin as written and URL-encoded, and nothing else", () => {
    const rewrite = originRewriter("https://x.invalid", "http://[::1]:8080");
    expect(rewrite("https://x.invalid/a https%3A%2F%2Fx.invalid%2Fa https://y.invalid/")).toBe(
      "http://[::1]:8080/a http%3A%2F%2F%5B%3A%3A1%5D%3A8080%2Fa https://y.invalid/",
    );
  });
});
