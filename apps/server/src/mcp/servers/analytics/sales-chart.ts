import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";
import { type Order, orders, products, regionLabel, regions } from "./dataset.js";

const chartTypes = ["bar", "line", "area", "pie"] as const;
// The product's series palette starts with orange (core spec §9); the web client uses the same colours.
const palette = ["#f97316", "#3b82f6", "#22c55e", "#eab308", "#a855f7", "#ec4899"];
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Orders that brought in money: cancelled and refunded ones do not count. */
const counts = (o: Order) => o.status !== "cancelled" && o.status !== "refunded";

const output = artifactOutput(
  z.object({
    labels: z.array(z.string()),
    datasets: z.array(
      z.object({ label: z.string(), data: z.array(z.number()), color: z.string() }),
    ),
  }),
  { type: "chart", hints: { chart_type: "bar", title: "Revenue by month" } },
);

function groups(
  groupBy: "month" | "region" | "product",
): { label: string; of: (o: Order) => boolean }[] {
  if (groupBy === "month") {
    return months.map((label, m) => ({
      label,
      of: (o) => new Date(o.ordered_at).getUTCMonth() === m,
    }));
  }
  if (groupBy === "region") {
    return regions.map((r) => ({ label: regionLabel(r.id), of: (o) => o.region === r.id }));
  }
  return products.map((p) => ({ label: p.name, of: (o) => o.product === p.name }));
}

/** sales_chart: revenue or order counts of the sample orders, grouped, as a chart. */
export function registerSalesChart(server: McpServer): void {
  server.registerTool(
    "sales_chart",
    {
      title: "Sales chart",
      description:
        "Charts revenue or order count of the sample orders by month, region or product (bar, line, area or pie).",
      inputSchema: {
        group_by: z.enum(["month", "region", "product"]).default("month"),
        chart_type: z.enum(chartTypes).default("bar"),
        metric: z.enum(["revenue", "orders"]).default("revenue"),
      },
      outputSchema: output,
    },
    ({ group_by, chart_type, metric }) => {
      const counted = orders.filter(counts);
      const buckets = groups(group_by);
      const data = buckets.map(({ of }) => {
        const hits = counted.filter(of);
        return metric === "orders"
          ? hits.length
          : Math.round(hits.reduce((sum, o) => sum + o.amount, 0) * 100) / 100;
      });
      const label = metric === "orders" ? "Orders" : "Revenue (USD)";
      const title = `${label} by ${group_by}`;
      return artifactResult(
        {
          labels: buckets.map((b) => b.label),
          datasets: [{ label, data, color: palette[0] as string }],
        },
        { hints: { chart_type, title } },
      );
    },
  );
}
