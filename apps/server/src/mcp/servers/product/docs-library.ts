import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** One page of the product documentation (docs/*.md). */
export interface DocPage {
  file: string;
  title: string;
  description: string;
  /** Markdown without the front matter. */
  body: string;
}

/** Splits `---` front matter (flat `key: value` lines) from the markdown body. */
export function parseFrontMatter(text: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0)
      meta[line.slice(0, at).trim()] = line
        .slice(at + 1)
        .trim()
        .replace(/^["']|["']$/g, "");
  }
  return { meta, body: text.slice(match[0].length) };
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

function load(dir: string | undefined): DocPage[] {
  if (!dir) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const { meta, body } = parseFrontMatter(readFileSync(join(dir, file), "utf8"));
      return { file, title: meta.title ?? file, description: meta.description ?? "", body };
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
