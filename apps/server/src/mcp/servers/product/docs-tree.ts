import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";
import { docsLibrary } from "./docs-library.js";

/** A tree node (core spec §3). */
export interface TreeNode {
  name: string;
  status?: string;
  metadata?: Record<string, unknown>;
  children?: TreeNode[];
}

const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    status: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    children: z.array(treeNode).optional(),
  }),
);

const output = artifactOutput(
  z.object({
    name: z.string(),
    status: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    children: z.array(treeNode).optional(),
  }),
  {
    type: "tree",
    hints: {
      default_expanded_levels: 1,
      show_icons: true,
      icon_map: { folder: "folder", page: "file-text", section: "hash" },
    },
  },
);

/** docs_tree: the documentation folder as a tree: pages and their second-level headings. */
export function registerDocsTree(server: McpServer): void {
  server.registerTool(
    "docs_tree",
    {
      title: "Documentation tree",
      description: "Shows the documentation folder as a tree of pages and their sections.",
      inputSchema: {
        sections: z.boolean().default(true).describe("Include each page's sections"),
      },
      outputSchema: output,
    },
    ({ sections }) => {
      const { pages } = docsLibrary();
      const children: TreeNode[] = pages.map((page) => ({
        name: page.file,
        status: "active",
        metadata: { type: "page", title: page.title, description: page.description },
        ...(sections
          ? {
              children: [...page.body.matchAll(/^## (.+)$/gm)].map((m) => ({
                name: (m[1] ?? "").trim(),
                metadata: { type: "section" },
              })),
            }
          : {}),
      }));
      return artifactResult({
        name: "docs",
        status: pages.length > 0 ? "healthy" : "warning",
        metadata: { type: "folder", pages: pages.length },
        children,
      });
    },
  );
}
