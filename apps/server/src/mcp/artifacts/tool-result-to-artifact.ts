import {
  type Artifact,
  invalidArtifactMessage,
  type McpAppMarker,
  mcpAppArtifactKey,
  mcpSchemaKeys,
  toolArtifactSource,
  toolErrorArtifactType,
  validateArtifact,
} from "@a2a-chat/contracts";
import { declaredPresentation } from "./declared-presentation.js";
import { toolCallFingerprint } from "./fingerprint.js";
import {
  type ResultBody,
  resultParts,
  resultText,
  type ToolCallResult,
} from "./tool-result-body.js";

/** A finished tool call and where its result belongs. */
export interface ToolResultSource {
  result: ToolCallResult;
  /** The tool's declared outputSchema; x-artifact-type and x-rendering-hints are read from it. */
  outputSchema?: unknown;
  toolName: string;
  serverName: string;
  contextId: string;
  taskId?: string;
  /** The caller's id of this call (the client's tool execution id); defaults to mcpExecutionId. */
  toolExecutionId?: string;
  /** The server's execution record id. */
  mcpExecutionId: string;
  /** ISO time the result arrived; an older artifact never replaces a newer one. */
  createdAt: string;
  isInternal?: boolean;
  /** The tool's arguments, for the fingerprint. */
  input?: unknown;
  /** Overrides the fingerprint computed from server, tool and input. */
  fingerprint?: string;
  /** Defaults to mcpExecutionId. */
  artifactId?: string;
  /** The MCP App that shows this result (the tool's `_meta.ui.resourceUri`), if any. */
  app?: McpAppMarker;
}

/** Why a result could not become an artifact. */
export interface ToolResultRejection {
  error: string;
}

/** The message of a failed result: its text, else its structured error, else a generic one. */
export function toolErrorMessage(result: ToolCallResult, toolName: string): string {
  const text = resultText(result);
  if (text !== undefined && text.trim() !== "") return text;
  const structured = result.structuredContent;
  if (typeof structured === "object" && structured !== null && "error" in structured) {
    const { error } = structured;
    if (typeof error === "string" && error !== "") return error;
  }
  return `Tool ${toolName} failed`;
}

function errorBody(source: ToolResultSource): ResultBody {
  const { structuredContent } = source.result;
  const data: Record<string, unknown> = {
    error: toolErrorMessage(source.result, source.toolName),
  };
  if (typeof structuredContent === "object" && structuredContent !== null) {
    data.details = structuredContent;
  }
  return { part: { kind: "data", data }, inferredType: "json" };
}

/** The declared hints with the result's per-call overrides (its `_meta` x-rendering-hints) on top. */
function renderingHints(
  declared: Record<string, unknown> | undefined,
  result: ToolCallResult,
): Record<string, unknown> {
  const override = result._meta?.[mcpSchemaKeys.renderingHints];
  const perCall =
    typeof override === "object" && override !== null && !Array.isArray(override)
      ? (override as Record<string, unknown>)
      : {};
  return { ...(declared ?? {}), ...perCall };
}

/**
 * Turns a tool result into one artifact (core spec §3, §5): a single part from structuredContent
 * (or the content blocks), typed by the tool's declared x-artifact-type or inferred from the value,
 * with the tool-call metadata and a fingerprint so a re-run of the same call replaces it. A failed
 * call becomes an artifact of metadata.type tool_error. Returns {error: 'Invalid artifact'} when
 * the outcome is not a valid artifact.
 */
export function toolResultToArtifact(source: ToolResultSource): Artifact | ToolResultRejection {
  const failed = source.result.isError === true;
  const declared = declaredPresentation(source.outputSchema);
  const error = failed ? errorBody(source) : undefined;
  const body = error
    ? { ...error, parts: [error.part] }
    : resultParts(source.result, source.toolName);
  const artifactType = failed ? body.inferredType : (declared.artifactType ?? body.inferredType);
  const candidate = {
    artifactId: source.artifactId ?? source.mcpExecutionId,
    name: source.toolName,
    description: `Result of ${source.toolName} on ${source.serverName}`,
    parts: body.parts,
    metadata: {
      artifact_type: artifactType,
      context_id: source.contextId,
      created_at: source.createdAt,
      ...(source.taskId !== undefined ? { task_id: source.taskId } : {}),
      tool_name: source.toolName,
      tool_execution_id: source.toolExecutionId ?? source.mcpExecutionId,
      mcp_execution_id: source.mcpExecutionId,
      source: toolArtifactSource,
      rendering_hints: failed ? {} : renderingHints(declared.renderingHints, source.result),
      fingerprint:
        source.fingerprint ?? toolCallFingerprint(source.serverName, source.toolName, source.input),
      is_internal: source.isInternal ?? false,
      ...(declared.renderBehavior ? { render_behavior: declared.renderBehavior } : {}),
      ...(failed ? { type: toolErrorArtifactType } : {}),
      ...(source.app && !failed ? { [mcpAppArtifactKey]: source.app } : {}),
    },
  };
  try {
    return validateArtifact(candidate);
  } catch {
    return { error: invalidArtifactMessage };
  }
}

/** Whether a conversion outcome is a rejection. */
export function isToolResultRejection(
  outcome: Artifact | ToolResultRejection,
): outcome is ToolResultRejection {
  return "error" in outcome;
}
