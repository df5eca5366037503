// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDocs } from "./load-docs.js";

const front = (fields: Record<string, string>) =>
  `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n---\n`;
const complete = { title: "T", description: "D", author: "A", date: "2024-04-04" };

function docsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "a2a-docs-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe("loading the docs folder", () => {
  it("routes top-level files under /docs and folders by their path, slugs winning", () => {
    const docs = loadDocs(
      docsDir({
        "agents.md": `${front(complete)}# Agents\n\nSee [the guide](guide/index.md).\n`,
        "guide/index.md": `${front(complete)}Guide.\n`,
        "guide/deep/page.md": `${front(complete)}Deep.\n`,
        "start/intro.md": `${front({ ...complete, slug: "introduction", key: "introduction" })}Hi.\n`,
      }),
    );
    expect(docs.map((doc) => [doc.file, doc.path, doc.key])).toEqual([
      ["agents.md", "/docs/agents", "docs-agents"],
      ["guide/deep/page.md", "/guide/deep/page", "guide-deep-page"],
      ["guide/index.md", "/guide", "guide"],
      ["start/intro.md", "/introduction", "introduction"],
    ]);
    expect(docs[0]?.markdown).toContain("[the guide](/guide.md)");
  });

  it("fails the build naming the file and the missing field", () => {
    const { author: _, ...withoutAuthor } = complete;
    expect(() => loadDocs(docsDir({ "guide/x.md": `${front(withoutAuthor)}Text\n` }))).toThrow(
      'docs/guide/x.md: front matter is missing the required field "author"',
    );
  });

  it("refuses two files with one route", () => {
    expect(() =>
      loadDocs(
        docsDir({
          "a.md": `${front({ ...complete, slug: "same" })}A\n`,
          "b.md": `${front({ ...complete, slug: "same" })}B\n`,
        }),
      ),
    ).toThrow("docs/b.md and docs/a.md both have the route /same");
  });
});
