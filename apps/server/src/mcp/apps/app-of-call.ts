import { type McpAppMarker, toolAppUri } from "@a2a-chat/contracts";

/**
 * The MCP App marker of a call's artifact: the `ui://` resource the tool's `_meta` names, with the
 * endpoint on this site (the execution's) through which the browser reads it and the app calls.
 */
export function appOfCall(
  toolMeta: unknown,
  row: { server_endpoint: string; server_name: string },
): { app?: McpAppMarker } {
  const uri = toolAppUri(toolMeta);
  if (!uri) return {};
  return {
    app: { resource_uri: uri, server_endpoint: row.server_endpoint, server_name: row.server_name },
  };
}
