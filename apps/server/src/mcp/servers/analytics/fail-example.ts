import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { errorResult } from "../../artifact-output.js";

/** Message of fail_example; shows how a failed tool call looks. */
export const failExampleMessage =
  "The sample warehouse is offline, so stock levels cannot be read. Nothing was changed; try again later.";

/** fail_example: always fails cleanly with isError, to show error handling end to end. */
export function registerFailExample(server: McpServer): void {
  server.registerTool(
    "fail_example",
    {
      title: "Failing example",
      description: "Always fails with a clear message (to try out error handling).",
      inputSchema: { sku: z.string().max(40).optional().describe("Product to look up") },
    },
    ({ sku }) => errorResult(sku ? `${failExampleMessage} (SKU ${sku})` : failExampleMessage),
  );
}
