import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toolSchemaValidator } from "../../../agents/cached-schema-validator.js";
import { version } from "../../../version.js";
import type { BuiltinServer } from "../../builtin-server.js";
import { recordCalls } from "../../record-calls.js";
import { registerBuildReport } from "./build-report.js";
import { registerDatasetResources } from "./dataset-resources.js";
import { registerFailExample } from "./fail-example.js";
import { registerListRegions } from "./list-regions.js";
import { registerQueryOrders } from "./query-orders.js";
import { registerSalesChart } from "./sales-chart.js";
import { registerSalesExplorer } from "./sales-explorer.js";

/** The analytics server: tools over the bundled sample orders dataset. */
export const analyticsServer: BuiltinServer = {
  name: "analytics",
  version,
  description: "Sample business data: query orders, chart sales, build a report.",
  create(context) {
    const server = recordCalls(
      new McpServer({ name: "analytics", version }, { jsonSchemaValidator: toolSchemaValidator }),
      context,
      "analytics",
    );
    registerQueryOrders(server);
    registerListRegions(server);
    registerSalesChart(server);
    registerBuildReport(server, context);
    registerFailExample(server);
    registerDatasetResources(server);
    registerSalesExplorer(server);
    return server;
  },
};
