import { mcpAppMimeType } from "@a2a-chat/contracts";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { salesExplorerHtml } from "./sales-explorer-page.js";

/** The explorer's MCP App resource. */
export const salesExplorerUri = "ui://analytics/sales-explorer.html";

/**
 * sales_explorer: an MCP App (docs/mcp.md, MCP Apps) over the sample orders. The call answers
 * with the view to start from; the app then charts it with `sales_chart` and lets the user
 * regroup and switch metric. Clients without MCP Apps get the text and the data.
 */
export function registerSalesExplorer(server: McpServer): void {
  server.registerResource(
    "sales_explorer",
    salesExplorerUri,
    {
      title: "Sales explorer",
      description: "Interactive chart of the sample orders",
      mimeType: mcpAppMimeType,
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: mcpAppMimeType,
          text: salesExplorerHtml(),
          // Everything is inline: no domain to reach, the default deny-all policy fits.
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    }),
  );
  server.registerTool(
    "sales_explorer",
    {
      title: "Sales explorer",
      description:
        "Opens an interactive explorer of the sample orders: revenue or order counts by month, region or product.",
      inputSchema: {
        group_by: z.enum(["month", "region", "product"]).default("month"),
        metric: z.enum(["revenue", "orders"]).default("revenue"),
      },
      _meta: { ui: { resourceUri: salesExplorerUri } },
    },
    ({ group_by, metric }) => ({
      content: [
        {
          type: "text",
          text: `Sales explorer: ${metric} by ${group_by} of the sample orders (regroup and switch metric in the app).`,
        },
      ],
      structuredContent: { group_by, metric },
    }),
  );
}
