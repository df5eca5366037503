import { type Artifact, validateArtifact } from "@a2a-chat/contracts";
import type { ArtifactRow } from "../db/schema.js";
import { readStored, type WarnLog } from "./read-stored.js";

/** A stored artifact in its API form; undefined (and a warning) if it is not valid (core §5). */
export function presentArtifact(row: ArtifactRow, log: WarnLog): Artifact | undefined {
  return readStored(
    "artifact",
    row.id,
    () => ({
      artifactId: row.id,
      ...(row.name === null ? {} : { name: row.name }),
      ...(row.description === null ? {} : { description: row.description }),
      parts: JSON.parse(row.parts),
      metadata: JSON.parse(row.metadata),
    }),
    validateArtifact,
    log,
  );
}

/** The valid artifacts of some rows, in order; invalid ones are skipped with a warning. */
export function presentArtifacts(rows: readonly ArtifactRow[], log: WarnLog): Artifact[] {
  return rows.flatMap((row) => presentArtifact(row, log) ?? []);
}
