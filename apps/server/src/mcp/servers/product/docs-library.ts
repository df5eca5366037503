import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readFrontMatterLoosely } from "@a2a-chat/contracts/front-matter";

/** One page of the product documentation (every .md file under docs/, the same files the website renders). */
export interface DocPage {
  /** Path below docs/, such as `agents.md` or `documentation/tools.md`. */
  file: string;
  title: string;
  description: string;
  /** Markdown without the front matter. */
  body: string;
}

/**
 * The repository's docs folder: searched upward from this module (source and bundle live at
 * different depths) and then from the working directory.
 */
export function findDocsDir(): string | undefined {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    let dir = resolve(start);
    for (;;) {
      const candidate = join(dir, "docs");
      if (
        existsSync(join(candidate, "agents.md")) ||
        existsSync(join(candidate, "configuration.md"))
      ) {
        return candidate;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

function load(dir: string | undefined): DocPage[] {
  if (!dir) return [];
  return markdownFiles(dir)
    .map((path) => relative(dir, path).split("\\").join("/"))
    .sort()
    .map((file) => {
      const { fields, body } = readFrontMatterLoosely(readFileSync(join(dir, file), "utf8"));
      const text = (value: unknown) => (typeof value === "string" ? value : "");
      return {
        file,
        title: text(fields.title) || file,
        description: text(fields.description),
        body,
      };
    });
}

let cached: { dir: string | undefined; pages: DocPage[] } | undefined;

/** The docs, read once per process (they ship with the release and do not change while it runs). */
export function docsLibrary(): { dir: string | undefined; pages: DocPage[] } {
  if (!cached) {
    const dir = findDocsDir();
    cached = { dir, pages: load(dir) };
  }
  return cached;
}
