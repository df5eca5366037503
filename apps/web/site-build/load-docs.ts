import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { readFrontMatter } from "@a2a-chat/contracts/front-matter";
import { type Doc, keyOf, routeOf } from "../src/site/docs/doc.js";
import { markdownForSite, markdownToDocTree } from "../src/site/docs/markdown-doc.js";

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/**
 * Reads every markdown file under docsDir: front matter checked strictly (the build fails naming
 * the file and the field), routes unique, relative links turned into routes (a link to a file
 * that is not a page fails the build too).
 */
export function loadDocs(docsDir: string): Doc[] {
  const sources = markdownFiles(docsDir)
    .map((path) => relative(docsDir, path).split(sep).join("/"))
    .sort()
    .map((file) => {
      const { meta, body } = readFrontMatter(
        readFileSync(join(docsDir, file), "utf8"),
        `docs/${file}`,
      );
      const path = routeOf(file, meta.slug);
      return { file, meta, body, path, key: keyOf(path, meta.key) };
    });
  const routes = new Map<string, string>();
  const keys = new Map<string, string>();
  for (const source of sources) {
    const taken = routes.get(source.path);
    if (taken)
      throw new Error(`docs/${source.file} and docs/${taken} both have the route ${source.path}`);
    routes.set(source.path, source.file);
    const keyTaken = keys.get(source.key);
    if (keyTaken)
      throw new Error(
        `docs/${source.file} and docs/${keyTaken} both have the content key ${source.key}`,
      );
    keys.set(source.key, source.file);
  }
  const routeOfFile = new Map(sources.map((source) => [source.file, source.path]));
  return sources.map((source) => {
    const resolve = (file: string) => routeOfFile.get(file);
    const { tree, toc } = markdownToDocTree(source.body, source.file, resolve);
    return {
      file: source.file,
      path: source.path,
      key: source.key,
      meta: source.meta,
      markdown: markdownForSite(source.body, source.file, resolve),
      tree,
      toc,
    };
  });
}
