// @vitest-environment node
import { describe, expect, it } from "vitest";
import { brokenLinks, metadataProblems, type Output } from "./checks.js";

const origin = "https://chat.example.com";
const head = [
  "<title>T</title>",
  '<meta name="description" content="D"/>',
  '<meta property="og:title" content="T"/>',
  '<meta property="og:description" content="D"/>',
  '<meta property="og:type" content="website"/>',
  `<meta property="og:image" content="${origin}/og-image.png"/>`,
  '<meta name="twitter:card" content="summary_large_image"/>',
  `<link rel="canonical" href="${origin}/a"/>`,
  `<meta property="og:url" content="${origin}/a"/>`,
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage"}</script>',
].join("");
const page = (path: string, body: string): Output => ({
  path,
  body: `<html><head>${head}</head><body>${body}</body></html>`,
  page: { status: 200, canonical: true },
});

describe("build-time checks", () => {
  it("accept a page with all its metadata", () => {
    expect(metadataProblems(page("/a", ""))).toEqual([]);
  });

  it("name each missing tag and invalid JSON-LD", () => {
    const bare: Output = {
      path: "/b",
      body: '<title>T</title><script type="application/ld+json">{"@type":"Thing"}</script><script type="application/ld+json">{oops</script>',
      page: { status: 200, canonical: true },
    };
    const problems = metadataProblems(bare);
    expect(problems).toContain("/b: no description");
    expect(problems).toContain("/b: no twitter:card");
    expect(problems).toContain("/b: no canonical link");
    expect(problems).toContain("/b: JSON-LD without the schema.org @context");
    expect(problems).toContain("/b: JSON-LD @type Thing is not one the site uses");
    expect(problems.some((p) => p.startsWith("/b: JSON-LD is not JSON"))).toBe(true);
  });

  it("find links to nowhere and fragments without a target", () => {
    const outputs = [
      page("/a", '<h2 id="x">X</h2><a href="/b#y">b</a><a href="#x">x</a><a href="#gone">g</a>'),
      page(
        "/b",
        '<a href="/chat">chat</a><a href="/missing">m</a><a href="https://elsewhere.org/missing">e</a>',
      ),
      page("/c", `<a href="${origin}/a#x">abs</a><img src="/nope.png"/>`),
    ];
    expect(brokenLinks(outputs, origin, new Set(["/chat", "/og-image.png"]))).toEqual([
      "/a: link /b#y has no target #y",
      "/a: link #gone has no target on the page",
      "/b: link /missing goes nowhere",
      "/c: link /nope.png goes nowhere",
    ]);
  });
});
