import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";
import { type DocPage, docsLibrary } from "./docs-library.js";

const output = artifactOutput(
  z.object({
    content: z.string(),
    theme: z.string(),
    found: z.boolean(),
    sources: z.array(z.object({ file: z.string(), title: z.string(), score: z.number() })),
  }),
  { type: "knowledge_query" },
);

interface Hit {
  page: DocPage;
  score: number;
  excerpt: string;
}

/** Scores sections (split at headings) by how many query words they contain, titles counting double. */
export function searchPages(pages: readonly DocPage[], query: string, limit = 3): Hit[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
  if (words.length === 0) return [];
  const hits: Hit[] = [];
  for (const page of pages) {
    for (const section of page.body.split(/\n(?=#{1,3} )/)) {
      const text = section.toLowerCase();
      const heading = (section.split("\n")[0] ?? "").toLowerCase();
      let score = 0;
      for (const word of words) {
        if (text.includes(word)) score += 1;
        if (heading.includes(word) || page.title.toLowerCase().includes(word)) score += 1;
      }
      if (score > 0) hits.push({ page, score, excerpt: section.trim().slice(0, 1200) });
    }
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** search_docs: a knowledge query over the product documentation. */
export function registerSearchDocs(server: McpServer): void {
  server.registerTool(
    "search_docs",
    {
      title: "Search the documentation",
      description: "Answers a question from the product documentation (docs/*.md).",
      inputSchema: {
        query: z.string().trim().min(2).max(200).describe("Question or keywords"),
      },
      outputSchema: output,
    },
    ({ query }) => {
      const hits = searchPages(docsLibrary().pages, query);
      const sources = hits.map((h) => ({ file: h.page.file, title: h.page.title, score: h.score }));
      if (hits.length === 0) {
        return artifactResult({
          content: `Nothing in the documentation matches "${query}".`,
          theme: "warning",
          found: false,
          sources,
        });
      }
      const content = hits
        .map((h) => `### ${h.page.title} (docs/${h.page.file})\n\n${h.excerpt}`)
        .join("\n\n---\n\n");
      return artifactResult({ content, theme: "info", found: true, sources });
    },
  );
}
