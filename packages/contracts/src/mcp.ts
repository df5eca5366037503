import { z } from "zod";

/** Artifact types a tool result can become; each has its own viewer (core spec §2.4, §3). */
export const artifactTypes = [
  "table",
  "chart",
  "code",
  "tree",
  "form",
  "dashboard",
  "presentation_card",
  "knowledge_query",
  "markdown",
  "json",
  "text",
] as const;
/** One artifact type. */
export type ArtifactType = (typeof artifactTypes)[number];

/** How the client shows a tool's result (tools spec §3). */
export const renderBehaviors = ["modal", "inline", "silent", "both"] as const;
/** One render behaviour. */
export type RenderBehavior = (typeof renderBehaviors)[number];

/**
 * The JSON-schema extension keys our MCP servers put on a tool's outputSchema (top level) and,
 * for per-call overrides, in the tool result's `_meta`. optionsFromTool sits on an inputSchema
 * property whose options come from calling another tool (dynamic enum).
 */
export const mcpSchemaKeys = {
  artifactType: "x-artifact-type",
  renderingHints: "x-rendering-hints",
  renderBehavior: "x-render-behavior",
  optionsFromTool: "x-options-from-tool",
} as const;

/**
 * Value of `x-options-from-tool`: the tool (on the same server) that returns the options as
 * `{options: [{value, label}]}`; the client calls it with {action, filter, uuid} (tools spec §7).
 */
export const optionsFromToolSchema = z.object({
  tool: z.string().min(1),
  value_field: z.string().default("value"),
  label_field: z.string().default("label"),
});
/** Value of `x-options-from-tool`. */
export type OptionsFromTool = z.infer<typeof optionsFromToolSchema>;

/** One option returned by an options tool. */
export const toolOptionSchema = z.object({ value: z.string(), label: z.string() });
/** One option returned by an options tool. */
export type ToolOption = z.infer<typeof toolOptionSchema>;

/** Status of a tool server in the registry. */
export const mcpServerStatuses = ["running", "error", "disabled"] as const;
/** Status of a tool server in the registry. */
export type McpServerStatus = (typeof mcpServerStatuses)[number];

/** One tool server in GET /api/v1/mcp/registry (core spec §7, tools spec §3). */
export const mcpRegistryEntrySchema = z.object({
  name: z.string(),
  version: z.string(),
  description: z.string(),
  /** Absolute URL of the streamable-HTTP endpoint. */
  endpoint: z.string(),
  enabled: z.boolean(),
  status: z.enum(mcpServerStatuses),
  /** "required": the client sends its bearer token; "none": it sends no Authorization header. */
  auth: z.enum(["required", "none"]),
  oauth_required: z.boolean(),
  oauth_scopes: z.array(z.string()),
  /** built_in for servers this process hosts, external for configured third-party servers. */
  kind: z.enum(["built_in", "external"]),
  /** Why the server is in error, when it is. */
  error: z.string().optional(),
});
/** One tool server in the registry. */
export type McpRegistryEntry = z.infer<typeof mcpRegistryEntrySchema>;

/** Body of GET /api/v1/mcp/registry. */
export const mcpRegistryResponseSchema = z.object({ data: z.array(mcpRegistryEntrySchema) });
/** Body of GET /api/v1/mcp/registry. */
export type McpRegistryResponse = z.infer<typeof mcpRegistryResponseSchema>;

/** Header carrying the caller's trace id on tool calls (core spec §7). */
export const traceIdHeader = "x-trace-id";
/** Header carrying the current conversation id on tool calls (core spec §7). */
export const contextIdHeader = "x-context-id";
/** Header naming the task a tool call belongs to (an agent turn, or the task of a refreshed result). */
export const taskIdHeader = "x-task-id";
