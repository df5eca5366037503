import GithubSlugger from "github-slugger";
import type { Element, ElementContent, Root, RootContent } from "hast";
import { toString as textOf } from "hast-util-to-string";
import type { Nodes as MdastNodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown, gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
import { gfm } from "micromark-extension-gfm";
import { parseMarkdown } from "../../lib/markdown.js";
import type { TocEntry } from "./doc.js";

/** A link in a docs file that points nowhere the site knows. */
export class DocLinkError extends Error {
  override name = "DocLinkError";
}

/** Finds the route of another docs file by its path below docs/ (undefined when there is none). */
export type DocResolver = (file: string) => string | undefined;

function dirnameOf(file: string): string {
  const at = file.lastIndexOf("/");
  return at < 0 ? "" : file.slice(0, at);
}

/** `../a/b.md` seen from docs file `x/y.md` → `a/b.md`; null when it climbs out of docs/. */
export function resolveRelative(fromFile: string, target: string): string | null {
  const parts = dirnameOf(fromFile).split("/").filter(Boolean);
  for (const segment of target.split("/")) {
    if (segment === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (segment !== "." && segment !== "") {
      parts.push(segment);
    }
  }
  return parts.join("/");
}

/** Rewrites a relative link to another docs file into that page's route. */
function siteHref(href: string, file: string, resolve: DocResolver): string {
  if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(href)) return href;
  const [target = "", hash] = href.split("#", 2);
  const relativeFile = resolveRelative(file, target);
  const route = relativeFile === null ? undefined : resolve(relativeFile);
  if (!route) {
    throw new DocLinkError(`docs/${file}: the link "${href}" is not a documentation page`);
  }
  return hash ? `${route}#${hash}` : route;
}

function isElement(node: RootContent | ElementContent): node is Element {
  return node.type === "element";
}

/**
 * Turns a docs file's markdown into the page's tree: the sanitised tree of the chat's markdown
 * pipeline, without the leading `# Title` (the page shows the front matter's title), with ids on
 * second- and third-level headings (GitHub's slugs, so `#anchors` written for GitHub work) and
 * relative `.md` links turned into site routes.
 */
export function markdownToDocTree(
  markdown: string,
  file: string,
  resolve: DocResolver,
): { tree: Root; toc: TocEntry[] } {
  const { tree } = parseMarkdown(markdown);
  const firstElement = tree.children.findIndex(isElement);
  const first = tree.children[firstElement];
  if (first && isElement(first) && first.tagName === "h1") tree.children.splice(firstElement, 1);

  const slugger = new GithubSlugger();
  const toc: TocEntry[] = [];
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      const level = /^h([1-6])$/.exec(child.tagName)?.[1];
      if (level) {
        const text = textOf(child).trim();
        const id = slugger.slug(text);
        child.properties.id = id;
        if (level === "2" || level === "3") toc.push({ id, text, depth: level === "2" ? 2 : 3 });
      }
      if (child.tagName === "a" && typeof child.properties.href === "string") {
        child.properties.href = siteHref(child.properties.href, file, resolve);
      }
      visit(child);
    }
  };
  visit(tree);
  return { tree, toc };
}

/**
 * The markdown version of a page (served at `<route>.md`): the same text with every link to
 * another docs file pointing at that page's markdown on this site, so the links work wherever
 * the file is read.
 */
export function markdownForSite(markdown: string, file: string, resolve: DocResolver): string {
  const tree = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const visit = (node: MdastNodes) => {
    if (
      (node.type === "link" || node.type === "definition") &&
      !/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(node.url)
    ) {
      const [path = "", hash] = siteHref(node.url, file, resolve).split("#", 2);
      node.url = hash ? `${path}.md#${hash}` : `${path}.md`;
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return toMarkdown(tree, { extensions: [gfmToMarkdown()] });
}
