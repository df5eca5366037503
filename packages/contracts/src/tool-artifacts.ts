import { mcpSchemaKeys, type RenderBehavior, renderBehaviors } from "./mcp.js";

/*
 * How a tool result becomes an artifact. The outputSchema keys are the ones our MCP servers
 * declare (mcpSchemaKeys in mcp.ts); they are named here too so the converter reads like the spec.
 */

/** outputSchema root key naming the artifact type of the result (table, chart, form…). */
export const artifactTypeSchemaKey = mcpSchemaKeys.artifactType;

/** outputSchema root key holding the rendering hints object (core spec §3, Rendering hints). */
export const renderingHintsSchemaKey = mcpSchemaKeys.renderingHints;

/** outputSchema root key saying where the client shows the result (modal|inline|silent|both). */
export const renderBehaviorSchemaKey = mcpSchemaKeys.renderBehavior;

/** metadata.source of an artifact made from a tool result. */
export const toolArtifactSource = "mcp_tool";

/** metadata.type of an artifact describing a failed tool call. */
export const toolErrorArtifactType = "tool_error";

/** Whether a value is one of the render behaviors. */
export function isRenderBehavior(value: unknown): value is RenderBehavior {
  return typeof value === "string" && (renderBehaviors as readonly string[]).includes(value);
}
