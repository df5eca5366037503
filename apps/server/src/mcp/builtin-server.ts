import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolContext } from "./tool-context.js";

/** Names of the MCP servers this process hosts. */
export type BuiltinServerName = "analytics" | "product";

/** A built-in MCP server: its registry description and a factory for one request's server. */
export interface BuiltinServer {
  name: BuiltinServerName;
  version: string;
  description: string;
  /** A fresh McpServer with every tool registered, bound to one request's caller. */
  create(context: ToolContext): McpServer;
}
