import { z } from "zod";
import { itemIdSchema, partSchema } from "./messages.js";

/** Rejection of an artifact whose shape or required metadata is wrong (core spec §5). */
export const invalidArtifactMessage = "Invalid artifact";

/** Artifact metadata: artifact_type, context_id and created_at are required (core spec §3). */
export const artifactMetadataSchema = z.looseObject({
  artifact_type: z.string(),
  context_id: z.string(),
  created_at: z.string(),
  task_id: z.string().optional(),
  tool_name: z.string().optional(),
  tool_execution_id: z.string().optional(),
  mcp_execution_id: z.string().optional(),
  /** mcp_tool for artifacts made from a tool result. */
  source: z.string().optional(),
  rendering_hints: z.record(z.string(), z.unknown()).optional(),
  is_internal: z.boolean().optional(),
  /** How the tool's result is shown (tools spec §3): modal, inline, silent or both. */
  render_behavior: z.string().optional(),
  /** tool_error for an artifact describing a failed tool call. */
  type: z.string().optional(),
  /** Artifacts of one task with the same fingerprint replace each other. */
  fingerprint: z.string().optional(),
  validation_errors: z.array(z.unknown()).optional(),
});
/** Artifact metadata. */
export type ArtifactMetadata = z.infer<typeof artifactMetadataSchema>;

/** A structured result an agent produced (core spec §3). */
export const artifactSchema = z.object({
  artifactId: itemIdSchema,
  name: z.string().optional(),
  description: z.string().optional(),
  parts: z.array(partSchema),
  metadata: artifactMetadataSchema,
});
/** A structured result an agent produced. */
export type Artifact = z.infer<typeof artifactSchema>;

/** Whether a value is a valid artifact (core spec §5). */
export function isValidArtifact(value: unknown): value is Artifact {
  return artifactSchema.safeParse(value).success;
}

/** The value as an artifact; throws Error('Invalid artifact') when it is not one. */
export function validateArtifact(value: unknown): Artifact {
  const parsed = artifactSchema.safeParse(value);
  if (!parsed.success) throw new Error(invalidArtifactMessage);
  return parsed.data;
}
