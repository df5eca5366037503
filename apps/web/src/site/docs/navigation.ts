import type { Doc } from "./doc.js";

/** The documentation's sections and the order of their pages (previous/next follow it). */
export const docSections: readonly { title: string; paths: readonly string[] }[] = [
  { title: "Start here", paths: ["/introduction", "/getting-started", "/documentation"] },
  {
    title: "Run A2A Chat",
    paths: [
      "/docs/getting-started",
      "/docs/chat",
      "/docs/agents",
      "/docs/mcp",
      "/docs/authentication",
      "/docs/conversations",
      "/docs/tasks-and-artifacts",
      "/docs/configuration",
      "/docs/operations",
      "/docs/api-reference",
      "/docs/website",
      "/docs/analytics",
      "/docs/benchmarks",
    ],
  },
  {
    title: "Using the app",
    paths: [
      "/documentation/introduction",
      "/documentation/getting-started",
      "/documentation/conversations",
      "/documentation/tools",
      "/documentation/managing-tools",
      "/documentation/tool-execution",
      "/documentation/details",
      "/documentation/sampling",
      "/documentation/connecting-to-live-api",
      "/documentation/billing",
    ],
  },
  {
    title: "Tool servers",
    paths: [
      "/documentation/mcp",
      "/documentation/mcp/architecture",
      "/documentation/mcp/voice",
      "/documentation/mcp-servers",
      "/documentation/server-configuration",
      "/documentation/authentication",
      "/documentation/starting/preconfigured",
      "/documentation/starting/remote",
      "/documentation/starting/local",
    ],
  },
  {
    title: "Integrations",
    paths: [
      "/documentation/default-integrations",
      "/documentation/modules",
      "/documentation/modules/github",
      "/documentation/modules/linear",
      "/documentation/modules/make",
      "/documentation/modules/reddit",
      "/documentation/modules/sentry",
      "/documentation/modules/shopify",
      "/documentation/modules/custom",
    ],
  },
  {
    title: "Benchmark notes",
    paths: [
      "/benchmarks/notes/idle-memory",
      "/benchmarks/notes/tokens",
      "/benchmarks/notes/stream",
      "/benchmarks/notes/agents",
      "/benchmarks/notes/web-chat",
      "/benchmarks/notes/web-viewers",
      "/benchmarks/notes/web-forms",
      "/benchmarks/notes/request-path",
      "/benchmarks/notes/website",
      "/benchmarks/notes/proxy",
      "/benchmarks/notes/capacity",
      "/benchmarks/notes/capacity-busy",
      "/benchmarks/notes/large-message",
      "/benchmarks/notes/body-cost",
      "/benchmarks/notes/test-suite-time",
      "/benchmarks/notes/search",
      "/benchmarks/notes/test-time",
    ],
  },
];

/** A section of the documentation with its pages. */
export interface DocSection {
  title: string;
  docs: Doc[];
}

/**
 * The docs grouped and ordered by docSections. Pages the list does not name (a new docs file)
 * go to a final 'More' section in title order, so adding a file never breaks the build; a listed
 * route without a file does.
 */
export function arrangeDocs(docs: readonly Doc[]): DocSection[] {
  const byPath = new Map(docs.map((doc) => [doc.path, doc]));
  const listed = new Set<string>();
  const sections = docSections.map((section) => ({
    title: section.title,
    docs: section.paths.map((path) => {
      const doc = byPath.get(path);
      if (!doc)
        throw new Error(
          `The documentation navigation lists ${path}, but no docs file has that route`,
        );
      listed.add(path);
      return doc;
    }),
  }));
  const rest = docs
    .filter((doc) => !listed.has(doc.path))
    .sort((a, b) => a.meta.title.localeCompare(b.meta.title));
  return rest.length > 0 ? [...sections, { title: "More", docs: rest }] : sections;
}

/** The pages before and after a page in reading order. */
export function neighbours(
  sections: readonly DocSection[],
  path: string,
): { previous?: Doc; next?: Doc } {
  const order = sections.flatMap((section) => section.docs);
  const at = order.findIndex((doc) => doc.path === path);
  if (at < 0) return {};
  return { previous: order[at - 1], next: order[at + 1] };
}
