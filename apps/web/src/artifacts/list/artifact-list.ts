import type { Artifact } from "@a2a-chat/contracts";
import { shortId } from "../../lib/durations.js";
import { parseTimestamp } from "../../lib/timestamps.js";
import type { ArtifactsData } from "../../stores/artifacts-reducers.js";

/** The filter value that keeps every type or conversation. */
export const allFilter = "__all__";

/** A choice of a filter select. */
export interface FilterOption {
  value: string;
  label: string;
}

function createdAt(artifact: Artifact): number {
  const ms = parseTimestamp(artifact.metadata.created_at);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/**
 * The artifacts the list may show, newest first by created_at (unreadable times last). Internal
 * artifacts (metadata.is_internal) appear only in debug mode (core spec §6).
 */
export function listedArtifacts(
  data: Pick<ArtifactsData, "byId" | "ids">,
  debugMode: boolean,
): Artifact[] {
  const artifacts = data.ids.flatMap((id) => {
    const artifact = data.byId[id];
    return artifact && (debugMode || artifact.metadata.is_internal !== true) ? [artifact] : [];
  });
  return artifacts.sort((a, b) => createdAt(b) - createdAt(a));
}

/** The artifact types present, alphabetically, for the type filter. */
export function typeOptions(artifacts: readonly Artifact[]): FilterOption[] {
  const types = [...new Set(artifacts.map((a) => a.metadata.artifact_type))].sort();
  return types.map((type) => ({ value: type, label: type }));
}

/**
 * The conversations for the conversation filter: every known one, then any the artifacts name
 * that is not known (shown by its short id).
 */
export function conversationOptions(
  artifacts: readonly Artifact[],
  conversations: readonly { id: string; name: string }[],
): FilterOption[] {
  const known = new Set(conversations.map((c) => c.id));
  const unknown = [...new Set(artifacts.map((a) => a.metadata.context_id))].filter(
    (id) => !known.has(id),
  );
  return [
    ...conversations.map((c) => ({ value: c.id, label: c.name })),
    ...unknown.map((id) => ({ value: id, label: shortId(id) })),
  ];
}

/** The artifacts that pass the type and conversation filters. */
export function filterArtifacts(
  artifacts: readonly Artifact[],
  type: string,
  contextId: string,
): Artifact[] {
  return artifacts.filter(
    (a) =>
      (type === allFilter || a.metadata.artifact_type === type) &&
      (contextId === allFilter || a.metadata.context_id === contextId),
  );
}

/** 'Showing N of M artifacts' (core spec §2.6). */
export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} artifacts`;
}
