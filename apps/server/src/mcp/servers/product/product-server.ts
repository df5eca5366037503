import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toolSchemaValidator } from "../../../agents/cached-schema-validator.js";
import { version } from "../../../version.js";
import type { BuiltinServer } from "../../builtin-server.js";
import { recordCalls, toolNamesOf } from "../../record-calls.js";
import { addServerFeatures, unknownToolsAsErrors } from "../../server-features.js";
import { registerCodeSample } from "./code-sample.js";
import { registerConfigSummary } from "./config-summary.js";
import { registerDocsResources } from "./docs-resources.js";
import { registerDocsTree } from "./docs-tree.js";
import { registerFeedbackForm } from "./feedback-form.js";
import { registerReleaseNotes } from "./release-notes.js";
import { registerSearchDocs } from "./search-docs.js";
import { registerServerMetrics } from "./server-metrics.js";
import { registerSiteTraffic } from "./site-traffic.js";
import { registerWelcomeCard } from "./welcome-card.js";

/** The product server: this server's own metrics, docs, config and product content. */
export const productServer: BuiltinServer = {
  name: "product",
  version,
  description: "This product itself: live server metrics, documentation search, config, samples.",
  create(context) {
    const { services } = context;
    const server = recordCalls(
      new McpServer({ name: "product", version }, { jsonSchemaValidator: toolSchemaValidator }),
      context,
      "product",
    );
    addServerFeatures(server.server, {
      services: context.services,
      userId: context.userId,
      serverName: "product",
    });
    const origin =
      services.config.server.publicUrl ?? `http://localhost:${services.config.server.port}`;
    const isAdmin = context.scopes.includes("admin");
    registerServerMetrics(server, services, { userId: context.userId, isAdmin });
    registerSearchDocs(server);
    registerDocsTree(server);
    registerCodeSample(server, origin);
    registerFeedbackForm(server);
    registerWelcomeCard(server);
    registerReleaseNotes(server);
    registerConfigSummary(server, services.config, isAdmin);
    registerSiteTraffic(server, services, isAdmin);
    registerDocsResources(server);
    unknownToolsAsErrors(server.server, () => toolNamesOf(server));
    return server;
  },
};
