import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { version } from "../../../version.js";
import { addServerFeatures } from "../../server-features.js";
import type { ToolContext } from "../../tool-context.js";
import { registerFixtureContent } from "./fixture-content.js";
import { registerFixtureTools } from "./fixture-tools.js";

/** Where the fixture server is served when `mcp.conformanceFixture` is on. */
export const fixtureServerName = "conformance";

/**
 * The MCP conformance suite's fixture server (the tools, resources and prompts its server
 * scenarios name: test_simple_text, test://static-text, test_simple_prompt, …), served by exactly
 * the stack of the built-in servers: the same route guards (rebinding, token, rate limit), the
 * same stateless serving and the same logging and subscription features. It exists so that the
 * suite measures that stack on every scenario; it is mounted only when `npm run conformance`
 * asks for it (MCP_CONFORMANCE_FIXTURE), never listed in the registry, and records no executions.
 */
export function createFixtureServer(context: ToolContext): Server {
  const server = new Server({ name: "conformance-fixture", version }, { capabilities: {} });
  const log = addServerFeatures(server, {
    services: context.services,
    userId: context.userId,
    serverName: fixtureServerName,
  });
  registerFixtureTools(server, log);
  registerFixtureContent(server);
  return server;
}
