import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { customers, orders, regionLabel, regions } from "./dataset.js";

/** The URIs of the sample datasets. */
export const datasetUris = {
  orders: "dataset://analytics/orders.json",
  customers: "dataset://analytics/customers.json",
  regions: "dataset://analytics/regions.json",
} as const;

/** Region ids that start with what was typed so far. */
export function completeRegion(value: string): string[] {
  const typed = value.toLowerCase();
  return regions.map((r) => r.id).filter((id) => id.startsWith(typed));
}

function json(uri: string, value: unknown) {
  return {
    contents: [{ uri, mimeType: "application/json", text: JSON.stringify(value, null, 2) }],
  };
}

/**
 * The sample datasets as MCP resources (orders, customers, regions as JSON), a template
 * dataset://analytics/regions/{region}/orders.json whose region completes, and the prompt
 * `sales_summary` (a region, completed) that asks for a summary of that region's sales.
 */
export function registerDatasetResources(server: McpServer): void {
  server.registerResource(
    "orders",
    datasetUris.orders,
    { title: "Sample orders", description: "200 orders over 2024", mimeType: "application/json" },
    (uri) => json(uri.href, orders),
  );
  server.registerResource(
    "customers",
    datasetUris.customers,
    { title: "Sample customers", description: "40 customers", mimeType: "application/json" },
    (uri) => json(uri.href, customers),
  );
  server.registerResource(
    "regions",
    datasetUris.regions,
    { title: "Sales regions", mimeType: "application/json" },
    (uri) => json(uri.href, regions),
  );
  server.registerResource(
    "Orders of a region",
    new ResourceTemplate("dataset://analytics/regions/{region}/orders.json", {
      list: undefined,
      complete: { region: completeRegion },
    }),
    { description: "The sample orders of one sales region", mimeType: "application/json" },
    (uri, variables) => {
      const region = String(variables.region ?? "");
      if (!regions.some((r) => r.id === region)) throw new Error(`No region ${region}`);
      return json(
        uri.href,
        orders.filter((o) => o.region === region),
      );
    },
  );

  server.registerPrompt(
    "sales_summary",
    {
      title: "Summarise a region's sales",
      description: "Asks for a summary of one region's sample sales, by product and status.",
      argsSchema: {
        region: completable(z.string().describe("A sales region id"), completeRegion),
      },
    },
    ({ region }) => ({
      messages: [
        {
          role: "user",
          content: {
            type: "text",
            text: `Summarise the 2024 sales in ${regionLabel(region)} (${region}): totals by product and by status, and the largest orders. Use the analytics tools.`,
          },
        },
      ],
    }),
  );
}
