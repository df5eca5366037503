import { type Artifact, invalidArtifactMessage, isValidArtifact } from "@a2a-chat/contracts";
import { parseTimestamp } from "../lib/timestamps.js";
import type { StoreChange } from "./store-change.js";

/** What the artifact store holds (core spec §3): by id, all ids, ids per conversation and task. */
export interface ArtifactsData {
  byId: Record<string, Artifact>;
  /** Every known artifact id, in the order the artifacts first arrived. */
  ids: string[];
  byContext: Record<string, string[]>;
  byTask: Record<string, string[]>;
}

/** An empty artifact store. */
export const initialArtifactsData: ArtifactsData = { byId: {}, ids: [], byContext: {}, byTask: {} };

/** What became of an incoming artifact. */
export type ArtifactChange = StoreChange<ArtifactsData, "stale" | "unknown-artifact">;

function removeId(
  index: Record<string, string[]>,
  key: string | undefined,
  id: string,
): Record<string, string[]> {
  const ids = key === undefined ? undefined : index[key];
  if (key === undefined || !ids?.includes(id)) return index;
  const rest = ids.filter((other) => other !== id);
  const next = { ...index };
  if (rest.length > 0) next[key] = rest;
  else delete next[key];
  return next;
}

function addId(
  index: Record<string, string[]>,
  key: string | undefined,
  id: string,
): Record<string, string[]> {
  if (key === undefined) return index;
  const ids = index[key] ?? [];
  return ids.includes(id) ? index : { ...index, [key]: [...ids, id] };
}

/**
 * Stores an artifact from the server or the stream. An invalid one is refused with 'Invalid
 * artifact'; an older one never replaces a newer one with the same id (by created_at, core spec
 * §5). When either time is unreadable the newcomer wins, since nothing says it is older.
 */
export function upsertArtifactData(data: ArtifactsData, value: unknown): ArtifactChange {
  if (!isValidArtifact(value)) return { kind: "invalid", message: invalidArtifactMessage };
  const id = value.artifactId;
  const stored = data.byId[id];
  if (
    stored &&
    parseTimestamp(value.metadata.created_at) < parseTimestamp(stored.metadata.created_at)
  ) {
    return { kind: "skipped", reason: "stale" };
  }
  let byContext = data.byContext;
  let byTask = data.byTask;
  if (stored) {
    byContext = removeId(byContext, stored.metadata.context_id, id);
    byTask = removeId(byTask, stored.metadata.task_id, id);
  }
  return {
    kind: "applied",
    data: {
      byId: { ...data.byId, [id]: value },
      ids: stored ? data.ids : [...data.ids, id],
      byContext: addId(byContext, value.metadata.context_id, id),
      byTask: addId(byTask, value.metadata.task_id, id),
    },
  };
}

/** Forgets an artifact, e.g. one replaced by a newer artifact with the same fingerprint. */
export function removeArtifactData(data: ArtifactsData, id: string): ArtifactChange {
  const stored = data.byId[id];
  if (!stored) return { kind: "skipped", reason: "unknown-artifact" };
  const { [id]: _removed, ...byId } = data.byId;
  return {
    kind: "applied",
    data: {
      byId,
      ids: data.ids.filter((other) => other !== id),
      byContext: removeId(data.byContext, stored.metadata.context_id, id),
      byTask: removeId(data.byTask, stored.metadata.task_id, id),
    },
  };
}
