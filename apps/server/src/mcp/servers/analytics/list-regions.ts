import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";
import { orders, regions } from "./dataset.js";

const output = artifactOutput(
  z.object({
    options: z.array(z.object({ value: z.string(), label: z.string(), orders: z.number().int() })),
  }),
  { type: "json", behavior: "silent" },
);

/**
 * list_regions: the option source of query_orders.region. Takes the arguments the tools panel
 * sends to an options tool (action, filter, uuid); filter narrows by label or id.
 */
export function registerListRegions(server: McpServer): void {
  server.registerTool(
    "list_regions",
    {
      title: "List regions",
      description: "Lists the sales regions (the options of query_orders' region).",
      inputSchema: {
        action: z.string().optional().describe("What the options are for; ignored"),
        filter: z.string().max(100).optional().describe("Text the label or id must contain"),
        uuid: z.string().optional().describe("Caller's request id; ignored"),
      },
      outputSchema: output,
    },
    ({ filter }) => {
      const needle = filter?.trim().toLowerCase() ?? "";
      const options = regions
        .filter((r) => !needle || r.label.toLowerCase().includes(needle) || r.id.includes(needle))
        .map((r) => ({
          value: r.id,
          label: r.label,
          orders: orders.filter((o) => o.region === r.id).length,
        }));
      return artifactResult({ options });
    },
  );
}
