import type { FrontMatter } from "@a2a-chat/contracts/front-matter";
import type { Root } from "hast";

/** One entry of a page's table of contents. */
export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** A documentation page: one markdown file under docs/ and what it became. */
export interface Doc {
  /** Path below docs/, such as `agents.md`. */
  file: string;
  /** Route of the page, such as `/docs/agents`. */
  path: string;
  /** Content key (analytics content_id). */
  key: string;
  meta: FrontMatter;
  /** The markdown body without its front matter, its links pointing at pages' markdown. */
  markdown: string;
  /** Sanitised HTML tree with heading ids and site links. */
  tree: Root;
  toc: TocEntry[];
}

/**
 * Route of a docs file: a top-level `docs/X.md` is `/docs/X`; a file in a folder keeps its path
 * (`docs/documentation/mcp/voice.md` is `/documentation/mcp/voice`, an `index.md` is its folder).
 * A `slug` in the front matter wins.
 */
export function routeOf(file: string, slug: string | undefined): string {
  if (slug) return `/${slug}`;
  const path = file.replace(/\.md$/, "").replace(/\/index$/, "");
  return file.includes("/") ? `/${path}` : `/docs/${path}`;
}

/** Content key of a page: the front matter's `key`, else its route with slashes as hyphens. */
export function keyOf(path: string, key: string | undefined): string {
  return key ?? path.slice(1).replace(/\//g, "-");
}

/** Path of a page's markdown version. */
export function markdownPathOf(path: string): string {
  return `${path}.md`;
}
