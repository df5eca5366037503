import type { Doc } from "../src/site/docs/doc.js";
import type { SiteSettings } from "../src/site/settings.js";
import type { SitePage } from "../src/site/site-page.js";

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** /sitemap.xml: every indexable page, with its date where it has one. */
export function sitemapXml(site: SiteSettings, pages: readonly SitePage[]): string {
  const urls = pages
    .filter((page) => page.inSitemap)
    .map((page) => {
      const lastmod = page.meta.publishedTime
        ? `<lastmod>${page.meta.publishedTime}</lastmod>`
        : "";
      return `  <url><loc>${xmlEscape(site.origin + page.path)}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** /robots.txt: everything but the chat and the API may be crawled; points at the sitemap. */
export function robotsTxt(site: SiteSettings): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /chat\n\nSitemap: ${site.origin}/sitemap.xml\n`;
}

/** /llms.txt (llmstxt.org): the site in brief, with every documentation page's markdown version. */
export function llmsTxt(
  site: SiteSettings,
  sections: readonly { title: string; docs: Doc[] }[],
): string {
  const lines = [
    "# A2A Chat",
    "",
    "> A self-hostable web client and server for AI agents (A2A protocol) and MCP tool servers, and a companion iOS and Android app for tool servers with voice and text control.",
    "",
    `Every documentation page below is markdown; the HTML page is at the same address without \`.md\`. Product pages: ${site.origin}/features, ${site.origin}/pricing, ${site.origin}/about, ${site.origin}/contact.`,
  ];
  for (const section of sections) {
    lines.push("", `## ${section.title}`, "");
    for (const doc of section.docs) {
      lines.push(`- [${doc.meta.title}](${site.origin}${doc.path}.md): ${doc.meta.description}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
