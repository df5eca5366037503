import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toolSchemaValidator } from "../../../agents/cached-schema-validator.js";
import { version } from "../../../version.js";
import type { BuiltinServer } from "../../builtin-server.js";
import { recordCalls, toolNamesOf } from "../../record-calls.js";
import { addServerFeatures, unknownToolsAsErrors } from "../../server-features.js";
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
    const log = addServerFeatures(server.server, {
      services: context.services,
      userId: context.userId,
      serverName: "analytics",
    });
    registerQueryOrders(server);
    registerListRegions(server);
    registerSalesChart(server);
    registerBuildReport(server, context, log);
    registerFailExample(server);
    registerDatasetResources(server);
    registerSalesExplorer(server);
    unknownToolsAsErrors(server.server, () => toolNamesOf(server));
    return server;
  },
};
