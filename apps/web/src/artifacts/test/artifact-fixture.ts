import type { Artifact } from "@a2a-chat/contracts";

/** An artifact of a type with the given parts and metadata, for viewer tests. */
export function makeArtifact(
  type: string,
  parts: Artifact["parts"],
  metadata: Partial<Artifact["metadata"]> = {},
  name = "Result",
): Artifact {
  return {
    artifactId: "artifact-1",
    name,
    parts,
    metadata: {
      artifact_type: type,
      context_id: "ctx-1",
      created_at: "2024-05-01T10:00:00Z",
      ...metadata,
    },
  };
}

/** An artifact whose single part is the given data object. */
export function dataArtifact(
  type: string,
  data: Record<string, unknown>,
  metadata: Partial<Artifact["metadata"]> = {},
  name = "Result",
): Artifact {
  return makeArtifact(type, [{ kind: "data", data }], metadata, name);
}
