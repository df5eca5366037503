import type { AuthContext } from "../auth/auth-context.js";
import type { ArtifactRow } from "../db/schema.js";

/** An artifact is visible to the owner of its conversation only. */
export function canUseArtifact(
  auth: Pick<AuthContext, "userId">,
  artifact: ArtifactRow | undefined,
): artifact is ArtifactRow {
  return artifact !== undefined && artifact.user_id === auth.userId;
}
