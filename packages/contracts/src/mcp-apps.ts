import { z } from "zod";

/** The MIME type of an MCP App's HTML resource (the io.modelcontextprotocol/ui extension). */
export const mcpAppMimeType = "text/html;profile=mcp-app";

/** The artifact metadata key that marks a tool result an MCP App shows (docs/mcp.md, MCP Apps). */
export const mcpAppArtifactKey = "mcp_app";

/** What an artifact's `mcp_app` metadata holds: the app's resource and the server to ask for it. */
export const mcpAppMarkerSchema = z.object({
  resource_uri: z.string().startsWith("ui://"),
  /** The MCP endpoint (on this site) the app's resource, tool calls and reads go through. */
  server_endpoint: z.string().min(1),
  server_name: z.string().min(1),
});

/** An artifact's `mcp_app` marker. */
export type McpAppMarker = z.infer<typeof mcpAppMarkerSchema>;

/** The marker of an artifact's metadata, when it has a valid one. */
export function mcpAppMarkerOf(metadata: Record<string, unknown>): McpAppMarker | undefined {
  const parsed = mcpAppMarkerSchema.safeParse(metadata[mcpAppArtifactKey]);
  return parsed.success ? parsed.data : undefined;
}

function uiMetaOf(meta: unknown): Record<string, unknown> | undefined {
  if (typeof meta !== "object" || meta === null) return undefined;
  const ui = (meta as Record<string, unknown>).ui;
  return typeof ui === "object" && ui !== null ? (ui as Record<string, unknown>) : undefined;
}

/**
 * The `ui://` resource a tool's `_meta` names (`_meta.ui.resourceUri`, or the deprecated flat
 * `_meta["ui/resourceUri"]`); anything that is not a `ui://` URI names none.
 */
export function toolAppUri(meta: unknown): string | undefined {
  const nested = uiMetaOf(meta)?.resourceUri;
  const flat =
    typeof meta === "object" && meta !== null
      ? (meta as Record<string, unknown>)["ui/resourceUri"]
      : undefined;
  const uri = typeof nested === "string" ? nested : flat;
  return typeof uri === "string" && uri.startsWith("ui://") ? uri : undefined;
}

/** Who may see a tool: `_meta.ui.visibility`, ["model", "app"] when absent or malformed. */
export function toolVisibility(meta: unknown): string[] {
  const visibility = uiMetaOf(meta)?.visibility;
  if (!Array.isArray(visibility)) return ["model", "app"];
  return visibility.filter((v): v is string => typeof v === "string");
}

/** A tool only its app may call (not listed in the Tools column nor offered to agents). */
export function isAppOnlyTool(tool: { _meta?: unknown }): boolean {
  return !toolVisibility(tool._meta).includes("model");
}

/** Whether an app may call the tool (its visibility includes "app"). */
export function isAppCallableTool(tool: { _meta?: unknown }): boolean {
  return toolVisibility(tool._meta).includes("app");
}

/**
 * The text part metadata key carrying what MCP Apps asked the model to know
 * (ui/update-model-context), sent with the user's next message for the agent's next turn.
 */
export const mcpAppContextKey = "mcp_app_context";

/** The most app context one message carries (characters); the rest is cut. */
export const mcpAppContextMaxChars = 8000;
