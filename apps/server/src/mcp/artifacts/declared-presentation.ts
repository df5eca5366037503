import {
  artifactTypeSchemaKey,
  isRenderBehavior,
  type RenderBehavior,
  renderBehaviorSchemaKey,
  renderingHintsSchemaKey,
} from "@a2a-chat/contracts";

/** What a tool's outputSchema declares about showing its result. */
export interface DeclaredPresentation {
  artifactType?: string;
  renderingHints?: Record<string, unknown>;
  renderBehavior?: RenderBehavior;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads x-artifact-type, x-rendering-hints and x-render-behavior from the root of an outputSchema;
 * a key with a value of the wrong kind is ignored (the result is then inferred, not refused).
 */
export function declaredPresentation(outputSchema: unknown): DeclaredPresentation {
  if (!isRecord(outputSchema)) return {};
  const type = outputSchema[artifactTypeSchemaKey];
  const hints = outputSchema[renderingHintsSchemaKey];
  const behavior = outputSchema[renderBehaviorSchemaKey];
  return {
    ...(typeof type === "string" && type.length > 0 ? { artifactType: type } : {}),
    ...(isRecord(hints) ? { renderingHints: hints } : {}),
    ...(isRenderBehavior(behavior) ? { renderBehavior: behavior } : {}),
  };
}
