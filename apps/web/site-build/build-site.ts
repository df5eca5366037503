import { join } from "node:path";
import { spaRoutes } from "@a2a-chat/contracts";
import type { Doc } from "../src/site/docs/doc.js";
import { arrangeDocs } from "../src/site/docs/navigation.js";
import { renderPage } from "../src/site/render.js";
import { sitePages } from "../src/site/routes.js";
import type { SiteSettings } from "../src/site/settings.js";
import type { SitePage } from "../src/site/site-page.js";
import { brokenLinks, metadataProblems, type Output } from "./checks.js";
import { loadDocs } from "./load-docs.js";
import { llmsTxt, robotsTxt, sitemapXml } from "./outputs.js";

/** The whole website rendered in memory, and whatever is wrong with it. */
export interface BuiltSite {
  docs: Doc[];
  pages: SitePage[];
  outputs: Output[];
  /** Pages that failed to render, missing metadata, invalid JSON-LD, links to nowhere. */
  problems: string[];
}

/**
 * Renders every page and text file of the website and checks them: every page renders, has its
 * metadata and valid JSON-LD, and every internal link and image resolves. `extraPaths` are the
 * files served beside the site (public files, built assets).
 */
export async function buildSite(
  site: SiteSettings,
  docsDir: string,
  extraPaths: readonly string[],
): Promise<BuiltSite> {
  const docs = loadDocs(docsDir);
  const pages = sitePages(site, docs);
  const outputs: Output[] = [];
  const problems: string[] = [];
  for (const page of pages) {
    const { html, failure } = await renderPage(site, page);
    if (failure)
      problems.push(`${page.path} failed to render: ${failure.message}\n${failure.componentStack}`);
    outputs.push({
      path: page.path,
      body: html,
      page: { status: page.status ?? 200, canonical: page.meta.path !== undefined },
    });
    if (page.markdown) outputs.push({ path: `${page.path}.md`, body: page.markdown });
  }
  outputs.push(
    { path: "/sitemap.xml", body: sitemapXml(site, pages) },
    { path: "/robots.txt", body: robotsTxt(site) },
    { path: "/llms.txt", body: llmsTxt(site, arrangeDocs(docs)) },
  );
  const known = new Set<string>([
    ...spaRoutes,
    ...extraPaths,
    ...site.assets.css,
    ...site.assets.js,
  ]);
  problems.push(
    ...outputs.filter((output) => output.page).flatMap(metadataProblems),
    ...brokenLinks(outputs, site.origin, known),
  );
  return { docs, pages, outputs, problems };
}

/** The repository's docs folder. */
export const docsDirOf = (repoRoot: string) => join(repoRoot, "docs");
