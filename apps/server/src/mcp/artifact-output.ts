import { type ArtifactType, mcpSchemaKeys, type RenderBehavior } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";

/** Rendering hints as declared on an outputSchema (core spec §3). */
export type RenderingHints = Record<string, unknown>;

/**
 * Marks a tool's output schema with the artifact type, rendering hints and render behaviour; they
 * appear as top-level `x-…` keys of the JSON schema that tools/list reports.
 */
export function artifactOutput<T extends z.ZodObject>(
  schema: T,
  artifact: { type: ArtifactType; hints?: RenderingHints; behavior?: RenderBehavior },
): T {
  return schema.meta({
    [mcpSchemaKeys.artifactType]: artifact.type,
    ...(artifact.hints ? { [mcpSchemaKeys.renderingHints]: artifact.hints } : {}),
    [mcpSchemaKeys.renderBehavior]: artifact.behavior ?? "inline",
  });
}

/**
 * A successful tool result: the data as structuredContent, the same JSON as a text fallback for
 * clients that read only content, and per-call hint overrides in `_meta`.
 */
export function artifactResult(
  data: Record<string, unknown>,
  overrides: { hints?: RenderingHints } = {},
): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(data) }],
    structuredContent: data,
    ...(overrides.hints ? { _meta: { [mcpSchemaKeys.renderingHints]: overrides.hints } } : {}),
  };
}

/** A failed tool result with a clear message (MCP isError). */
export function errorResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}
