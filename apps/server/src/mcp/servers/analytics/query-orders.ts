import { mcpSchemaKeys } from "@a2a-chat/contracts";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";
import { orderStatuses, orders, regionLabel, regions } from "./dataset.js";

const sortable = ["ordered_at", "amount", "quantity", "discount_pct"] as const;
const isRegion = (value: string) => regions.some((r) => r.id === value);

const orderRow = z.object({
  order_id: z.string(),
  customer: z.string(),
  region: z.string(),
  product: z.string(),
  status: z.enum(orderStatuses),
  quantity: z.number().int(),
  discount_pct: z.number(),
  amount: z.number(),
  ordered_at: z.string(),
  invoice_url: z.string(),
});

const output = artifactOutput(
  z.object({
    items: z.array(orderRow),
    total_matches: z.number().int(),
    total_amount: z.number(),
  }),
  {
    type: "table",
    hints: {
      columns: [
        "order_id",
        "ordered_at",
        "customer",
        "region",
        "product",
        "quantity",
        "discount_pct",
        "amount",
        "status",
        "invoice_url",
      ],
      page_size: 25,
      default_sort: { column: "ordered_at", order: "desc" },
      sortable_columns: [...sortable, "customer", "region", "status"],
      filterable: true,
      column_types: {
        amount: "currency",
        discount_pct: "percentage",
        ordered_at: "datetime",
        quantity: "integer",
        status: "badge",
        invoice_url: "link",
      },
    },
  },
);

/** Filters of query_orders; region options come from list_regions (a dynamic enum). */
export const queryOrdersInput = {
  region: z
    .string()
    .refine(isRegion, "Unknown region; list_regions gives the valid ids")
    .optional()
    .describe("Region id")
    .meta({ [mcpSchemaKeys.optionsFromTool]: { tool: "list_regions" } }),
  status: z.enum(orderStatuses).optional().describe("Order status"),
  from: z.iso.date().optional().describe("First order day, YYYY-MM-DD (inclusive)"),
  to: z.iso.date().optional().describe("Last order day, YYYY-MM-DD (inclusive)"),
  min_amount: z.number().min(0).optional().describe("Smallest order total in US dollars"),
  sort_by: z.enum(sortable).default("ordered_at").describe("Column to sort by"),
  order: z.enum(["asc", "desc"]).default("desc"),
  limit: z.number().int().min(1).max(200).default(25).describe("Most rows returned"),
};

/** query_orders: the sample orders filtered and sorted, as a table. */
export function registerQueryOrders(server: McpServer): void {
  server.registerTool(
    "query_orders",
    {
      title: "Query orders",
      description:
        "Searches the sample orders by region, status, date range and minimum amount, sorted and limited; shows a table.",
      inputSchema: queryOrdersInput,
      outputSchema: output,
    },
    (args) => {
      if (args.from && args.to && args.from > args.to) {
        return {
          isError: true,
          content: [{ type: "text", text: "from must not be after to" }],
        };
      }
      const matches = orders.filter(
        (o) =>
          (!args.region || o.region === args.region) &&
          (!args.status || o.status === args.status) &&
          (!args.from || o.ordered_at.slice(0, 10) >= args.from) &&
          (!args.to || o.ordered_at.slice(0, 10) <= args.to) &&
          (args.min_amount === undefined || o.amount >= args.min_amount),
      );
      const key = args.sort_by;
      const direction = args.order === "asc" ? 1 : -1;
      const sorted = [...matches].sort((a, b) => {
        const x = a[key];
        const y = b[key];
        const diff =
          typeof x === "number" && typeof y === "number"
            ? x - y
            : String(x).localeCompare(String(y));
        return diff * direction || a.order_id.localeCompare(b.order_id);
      });
      const items = sorted
        .slice(0, args.limit)
        .map((o) => ({ ...o, region: regionLabel(o.region) }));
      const total = matches.reduce((sum, o) => sum + o.amount, 0);
      return artifactResult(
        { items, total_matches: matches.length, total_amount: Math.round(total * 100) / 100 },
        { hints: { default_sort: { column: key, order: args.order } } },
      );
    },
  );
}
