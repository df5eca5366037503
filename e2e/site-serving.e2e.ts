import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { useServerAndBrowser } from "./harness/suite.js";

// Any address other than the one the server listens on: the pages must name it, not the build's.
const publicUrl = "http://localhost:18731";

describe("the built server's pages and statuses", () => {
  const suite = useServerAndBrowser({ PUBLIC_URL: publicUrl });

  it("serves the website with PUBLIC_URL's origin in every absolute link", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${suite.server.url}/docs/agents`);
    const attribute = (selector: string, name: string) =>
      page.locator(selector).first().getAttribute(name);
    expect(await attribute('link[rel="canonical"]', "href")).toBe(`${publicUrl}/docs/agents`);
    expect(await attribute('meta[property="og:url"]', "content")).toBe(`${publicUrl}/docs/agents`);
    expect(await attribute('meta[property="og:image"]', "content")).toMatch(
      new RegExp(`^${publicUrl}/`),
    );
    const share = await page
      .getByRole("navigation", { name: "Share this page" })
      .getByRole("link", { name: "LinkedIn" })
      .getAttribute("href");
    expect(new URL(share ?? "").searchParams.get("url")).toBe(`${publicUrl}/docs/agents`);
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? "").join("\n"));
    expect(jsonLd).toContain(`"${publicUrl}/docs/agents"`);
    expect(await page.content()).not.toContain(".invalid");
    await page.close();

    const sitemap = await (await fetch(`${suite.server.url}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(locations.length).toBeGreaterThan(50);
    expect(locations.filter((loc) => !loc.startsWith(`${publicUrl}/`))).toEqual([]);
    const robots = await (await fetch(`${suite.server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    // Compressed as browsers ask for it, with the same origin.
    const gzipped = await fetch(`${suite.server.url}/`, { headers: { "accept-encoding": "br" } });
    expect(gzipped.headers.get("content-encoding")).toBe("br");
    expect(await gzipped.text()).toContain(`<link rel="canonical" href="${publicUrl}/"/>`);
    // And the server said which origin its links use.
    expect(suite.server.output()).toContain(`website links use ${publicUrl}`);
  });

  it("answers 404 for a path below the chat that is no route, 200 for the app's routes", async () => {
    for (const [path, status] of [
      ["/chat/does-not-exist", 404],
      ["/chat/a/b", 404],
      ["/chat", 200],
      ["/chat/", 200],
      ["/auth/callback", 200],
      ["/docs/agents", 200],
      ["/does-not-exist", 404],
    ] as const) {
      const res = await fetch(`${suite.server.url}${path}`);
      expect(res.status, path).toBe(status);
    }
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const response = await page.goto(`${suite.server.url}/chat/does-not-exist`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await screenshot(page, "chat-unknown-route-404");
    await page.close();
  });
});
