import type { Artifact } from "@a2a-chat/contracts";

const createdAt = (artifact: Artifact) => {
  const ms = Date.parse(artifact.metadata.created_at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/** Whether `incoming` is older than `existing` (an older artifact never replaces a newer one). */
export function isOlderArtifact(incoming: Artifact, existing: Artifact): boolean {
  return createdAt(incoming) < createdAt(existing);
}

/**
 * A list of artifacts with one more (core spec §4, §5): an `append` chunk adds its parts to the
 * artifact with its id; otherwise an artifact with the same id, or else the same fingerprint,
 * is replaced in place unless the incoming one is older; anything else is added at the end.
 */
export function upsertArtifact(list: Artifact[], incoming: Artifact, append = false): Artifact[] {
  const sameId = list.findIndex((a) => a.artifactId === incoming.artifactId);
  const existingById = list[sameId];
  if (existingById && append) {
    const merged: Artifact = {
      ...existingById,
      ...(incoming.name ? { name: incoming.name } : {}),
      ...(incoming.description ? { description: incoming.description } : {}),
      parts: [...existingById.parts, ...incoming.parts],
      metadata: { ...incoming.metadata, ...existingById.metadata },
    };
    return list.map((a, i) => (i === sameId ? merged : a));
  }
  const fingerprint = incoming.metadata.fingerprint;
  const index =
    sameId !== -1
      ? sameId
      : fingerprint
        ? list.findIndex((a) => a.metadata.fingerprint === fingerprint)
        : -1;
  const existing = list[index];
  if (!existing) return [...list, incoming];
  if (isOlderArtifact(incoming, existing)) return list;
  return list.map((a, i) => (i === index ? incoming : a));
}

/** A list of artifacts without the one with this id. */
export function removeArtifact(list: readonly Artifact[], artifactId: string): Artifact[] {
  return list.filter((a) => a.artifactId !== artifactId);
}
