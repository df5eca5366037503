// @vitest-environment node
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "../src/site/settings.js";
import { type BuiltSite, buildSite, docsDirOf } from "./build-site.js";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const site: SiteSettings = {
  origin: "https://chat.example.com",
  supportEmail: "help@example.com",
  privacyEmail: "dpo@example.com",
  communityUrl: "https://community.example.com/invite",
  socialLinks: [
    { label: "GitHub", url: "https://github.com/example/a2a-chat" },
    { label: "Mastodon", url: "https://social.example.com/@a2a" },
  ],
  assets: { css: ["/assets/site-test.css"], js: ["/assets/site-test.js"] },
};

/** Routes tools spec §2 names: marketing, footer, documentation, internal links, legal. */
const specRoutes = [
  "/",
  "/about",
  "/features",
  "/docs",
  "/pricing",
  "/contact",
  "/docs/getting-started",
  "/docs/api-reference",
  "/introduction",
  "/getting-started",
  "/documentation",
  "/documentation/tool-execution",
  "/documentation/tools",
  "/documentation/mcp",
  "/documentation/mcp/architecture",
  "/documentation/mcp/voice",
  "/documentation/modules",
  "/documentation/modules/custom",
  "/documentation/modules/github",
  "/documentation/modules/linear",
  "/documentation/modules/make",
  "/documentation/modules/reddit",
  "/documentation/modules/sentry",
  "/documentation/modules/shopify",
  "/documentation/starting/local",
  "/documentation/starting/preconfigured",
  "/documentation/starting/remote",
  "/documentation/conversations",
  "/documentation/getting-started",
  "/documentation/mcp-servers",
  "/documentation/default-integrations",
  "/documentation/managing-tools",
  "/documentation/authentication",
  "/documentation/billing",
  "/documentation/server-configuration",
  "/legal",
  "/legal/terms-of-service",
  "/legal/privacy-policy",
  "/legal/cookie-policy",
  "/legal/refund-policy",
  "/privacy",
  "/terms",
];
const specKeys = [
  "introduction",
  "getting-started",
  "documentation",
  "documentation-introduction",
  "documentation-getting-started",
  "authentication",
  "billing",
  "connecting-to-live-api",
  "conversations",
  "default-integrations",
  "details",
  "managing-tools",
  "mcp-servers",
  "sampling",
  "server-configuration",
];

/** Page text without tags, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the website as built", () => {
  let built: BuiltSite;
  const html = (path: string) => {
    const output = built.outputs.find((o) => o.path === path);
    if (!output) throw new Error(`no output ${path}`);
    return output.body;
  };
  const text = (path: string) => textOf(html(path));
  beforeAll(async () => {
    // As main.ts: the pictures the documentation shows are public files too.
    const images = readdirSync(`${repoRoot}apps/web/public/images`).map((f) => `/images/${f}`);
    built = await buildSite(site, docsDirOf(repoRoot), [
      "/favicon.svg",
      "/og-image.png",
      ...images,
    ]);
    // 5.5 s on an idle fast machine; over 60 s once in a full run on a slow one, where this niced
    // lane waits behind the others. The bound only catches a build that hangs.
  }, 240_000);

  it("renders every page with its metadata, valid JSON-LD and links that resolve", () => {
    expect(built.problems).toEqual([]);
  });

  it("has every route and content key of the spec", () => {
    const paths = built.pages.map((page) => page.path);
    for (const route of specRoutes) expect(paths, route).toContain(route);
    const keys = built.docs.map((doc) => doc.key);
    for (const key of specKeys) expect(keys, key).toContain(key);
  });

  it("lists in the sitemap exactly the pages that render with 200, and nothing else", () => {
    const locs = [...html("/sitemap.xml").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1]?.slice(site.origin.length),
    );
    expect(locs.length).toBeGreaterThan(50);
    for (const path of locs) {
      const output = built.outputs.find((o) => o.path === path);
      expect(output?.page?.status, path).toBe(200);
    }
    expect(locs).not.toContain("/404");
    expect(locs).not.toContain("/legal/privacy-policy");
    expect(html("/robots.txt")).toContain(`Sitemap: ${site.origin}/sitemap.xml`);
    for (const doc of built.docs)
      expect(html("/llms.txt")).toContain(`${site.origin}${doc.path}.md`);
  });

  it("gives every page one navigation and one footer with the contact details from the settings", () => {
    for (const output of built.outputs.filter((o) => o.page)) {
      const body = output.body;
      expect(body.match(/aria-label="Main"/g), output.path).toHaveLength(1);
      expect(body.match(/<footer/g), output.path).toHaveLength(1);
      for (const href of [
        "/contact",
        "/docs/getting-started",
        "/docs/api-reference",
        "mailto:help@example.com",
        site.communityUrl,
        "https://social.example.com/@a2a",
      ]) {
        expect(body, `${output.path} → ${href}`).toContain(`href="${href}"`);
      }
      // One script, the website's own: none of the chat's code.
      expect([...body.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1])).toEqual([
        "/assets/site-test.js",
      ]);
    }
  });

  it("puts each claim of spec §1 where a reader looks for it", () => {
    const features = text("/features");
    for (const claim of [
      "unlimited tool servers with unlimited tools in total, over a streaming transport: server-sent events (SSE) or streamable HTTP",
      "OAuth 2.0 with PKCE (S256)",
      "bearer token",
      "API key",
      "custom headers",
      "up to 20 tools for voice conversations; every tool stays usable by hand on the tool execution screen",
      "GitHub",
      "Reddit",
      "Sentry",
      "Make",
      "Shopify",
      "Server marketplace",
      "Linear",
      "Voice needs microphone permission",
      "Requires iOS 14.0 or later, or Android 8.0 or later",
      "works with the official MCP Inspector will work. If it does not, we fix it within 48 hours, or your subscription is free until it is fixed",
    ])
      expect(features, claim).toContain(claim);
    const pricing = text("/pricing");
    for (const claim of [
      "One subscription type, billed through the App Store or Google Play, with the same limits for everyone",
      "$15 /month",
      "after a 7-day free trial",
      "Free during the beta.",
      "within 48 hours",
    ]) {
      expect(pricing, claim).toContain(claim);
    }
    const about = text("/about");
    for (const claim of [
      "run by a single person",
      "community driven",
      "early version",
      "community chat",
      "help@example.com",
    ])
      expect(about, claim).toContain(claim);
    expect(text("/documentation")).toContain("A2A Chat is an early version.");
    expect(text("/contact")).toContain("help@example.com");
  });

  it("has the legal pages the spec describes", () => {
    const legal = text("/legal");
    expect(legal).toContain("Last updated: April 4, 2024");
    for (const href of [
      "/legal/terms-of-service",
      "/legal/privacy-policy",
      "/legal/cookie-policy",
      "/legal/refund-policy",
    ]) {
      expect(html("/legal")).toContain(`href="${href}"`);
      const main = textOf(html(href).split("<main")[1]?.split("</main>")[0] ?? "");
      expect(main.length, href).toBeGreaterThan(600);
    }
    const privacy = text("/privacy");
    for (const statement of [
      "Effective: April 4, 2024",
      "Last updated: July 3, 2025",
      "name",
      "email address",
      "profile picture",
      "social account id",
      "prompts",
      "content blocks",
      "flow configurations",
      "tool integrations",
      "under 16",
      "Data protection officer",
      "dpo@example.com",
      "access",
      "correct",
      "erase",
      "restrict",
      "port",
      "withdraw consent",
    ])
      expect(privacy, statement).toContain(statement);
    expect(html("/legal/privacy-policy")).toContain(
      `<link rel="canonical" href="${site.origin}/privacy"/>`,
    );
    expect(text("/terms")).toContain("Content is coming soon.");
  });

  it("shows a documentation page's title, description, date, author, contents and neighbours", () => {
    const page = html("/docs/agents");
    expect(page).toContain("<h1");
    expect(page).toContain('<time dateTime="2026-11-22">November 22, 2026</time>');
    expect(page).toContain('aria-label="On this page"');
    expect(page).toContain('rel="prev"');
    expect(page).toContain('rel="next"');
    expect(page).toContain('"@type":"TechArticle"');
    expect(page).toContain('<meta property="og:type" content="article"/>');
    expect(page).toContain('<meta property="article:published_time" content="2026-11-22"/>');
    expect(html("/docs/agents.md").startsWith("# Agents\n\n> ")).toBe(true);
  });

  it("types the home page's structured data as WebSite and Organization, the product's as SoftwareApplication", () => {
    expect(html("/")).toContain('"@type":"WebSite"');
    expect(html("/")).toContain('"@type":"Organization"');
    expect(html("/features")).toContain('"@type":"SoftwareApplication"');
    expect(html("/")).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html("/")).toContain('<meta property="og:type" content="website"/>');
  });

  it("has a 404 page and the default status page", () => {
    expect(built.pages.find((p) => p.path === "/404")?.status).toBe(404);
    expect(text("/404")).toContain("Page not found");
    expect(text("/500")).toContain("An unexpected error occurred");
    expect(text("/500")).toContain("Reload Page");
    expect(text("/500")).toContain("Go Home");
  });
});
