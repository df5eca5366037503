import type { Artifact } from "@a2a-chat/contracts";
import type { ChatMessage } from "../model/chat-types.js";

/** Render behaviours whose results a direct tool run shows in the tool-result window only. */
const notInline = new Set(["modal", "silent"]);

/** Whether a message is the reply slot of a run from the tools column (an mcp_execution task). */
export function isDirectRun(message: ChatMessage): boolean {
  return message.task?.metadata.task_type === "mcp_execution";
}

/**
 * The artifacts a message shows: internal ones only in debug mode, and a direct run's modal and
 * silent results not at all (tools spec §3; debug mode shows them).
 */
export function visibleArtifacts(
  artifacts: Artifact[],
  debugMode: boolean,
  directRun: boolean,
): Artifact[] {
  if (debugMode) return artifacts;
  return artifacts.filter(
    (artifact) =>
      !artifact.metadata.is_internal &&
      !(directRun && notInline.has(artifact.metadata.render_behavior ?? "")),
  );
}

/** A direct run with nothing to show in the thread (a silent or modal result, or still running). */
function isEmptyDirectRun(message: ChatMessage, debugMode: boolean): boolean {
  if (debugMode || !isDirectRun(message)) return false;
  const hasText =
    message.content.trim() !== "" ||
    message.parts.some((part) => part.kind !== "text" || part.text.trim() !== "");
  return (
    !hasText &&
    message.toolCalls.length === 0 &&
    visibleArtifacts(message.artifacts, debugMode, true).length === 0
  );
}

/**
 * The messages the thread lists: a run from the tools column that has nothing to show leaves no
 * empty reply bubble behind. The same array when nothing is left out.
 */
export function shownMessages(messages: ChatMessage[], debugMode: boolean): ChatMessage[] {
  if (!messages.some((message) => isEmptyDirectRun(message, debugMode))) return messages;
  return messages.filter((message) => !isEmptyDirectRun(message, debugMode));
}
