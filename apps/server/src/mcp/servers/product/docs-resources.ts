import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { type DocPage, docsLibrary } from "./docs-library.js";

/** The URI of a docs page as a resource of the product server. */
export function docUri(file: string): string {
  return `docs://product/${file}`;
}

/** At most this many completions are offered for one argument (the protocol's limit is 100). */
const maxCompletions = 20;

/** Docs files whose path starts with (or whose title contains) what was typed so far. */
export function completeDocFile(value: string): string[] {
  const typed = value.toLowerCase();
  const { pages } = docsLibrary();
  const starts = pages.filter((p) => p.file.toLowerCase().startsWith(typed));
  const titled = pages.filter(
    (p) => !starts.includes(p) && p.title.toLowerCase().includes(typed) && typed !== "",
  );
  return [...starts, ...titled].slice(0, maxCompletions).map((p) => p.file);
}

function pageOf(file: string): DocPage | undefined {
  return docsLibrary().pages.find((p) => p.file === file);
}

function contents(page: DocPage) {
  return { uri: docUri(page.file), mimeType: "text/markdown", text: page.body };
}

/**
 * The documentation as MCP resources: every page listed (docs://product/<file>, text/markdown),
 * a template docs://product/{file} whose argument completes page paths, and the prompt
 * `ask_docs` (a page, completed, and a question) that puts the page before the question.
 */
export function registerDocsResources(server: McpServer): void {
  server.registerResource(
    "Documentation page",
    new ResourceTemplate("docs://product/{+file}", {
      list: () => ({
        resources: docsLibrary().pages.map((page) => ({
          uri: docUri(page.file),
          name: page.file,
          title: page.title,
          description: page.description || undefined,
          mimeType: "text/markdown",
        })),
      }),
      complete: { file: completeDocFile },
    }),
    { description: "A page of this product's documentation", mimeType: "text/markdown" },
    (uri, variables) => {
      const file = String(variables.file ?? "");
      const page = pageOf(decodeURIComponent(file));
      if (!page) throw new Error(`No documentation page ${file}`);
      return { contents: [{ ...contents(page), uri: uri.href }] };
    },
  );

  server.registerPrompt(
    "ask_docs",
    {
      title: "Ask about a docs page",
      description: "Ask a question about one page of the documentation, with the page attached.",
      argsSchema: {
        page: completable(z.string().describe("The docs page, such as agents.md"), completeDocFile),
        question: z.string().describe("What you want to know"),
      },
    },
    ({ page, question }) => {
      const found = pageOf(page);
      if (!found) throw new Error(`No documentation page ${page}`);
      return {
        description: `About ${found.title}`,
        messages: [
          { role: "user", content: { type: "resource", resource: contents(found) } },
          {
            role: "user",
            content: {
              type: "text",
              text: `Using the page "${found.title}" of the documentation, answer: ${question}`,
            },
          },
        ],
      };
    },
  );
}
