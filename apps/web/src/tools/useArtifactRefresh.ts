import type { Artifact } from "@a2a-chat/contracts";
import { useCallback } from "react";
import { useAuthStore } from "../stores/auth-store.js";
import { selectKnownContextId } from "../stores/contexts-selectors.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { refreshArtifact } from "./refresh-artifact.js";

/** Runs a refresh of an artifact with an optional execution id to reuse (Retry). */
export type RunRefresh = (
  artifact: Artifact,
  executionId?: string,
) => Promise<Artifact | undefined>;

/**
 * A refresh runner bound to the session: the token and the current conversation are read when
 * the refresh starts, so a token renewed meanwhile is the one sent.
 */
export function useArtifactRefresh(): RunRefresh {
  return useCallback((artifact, executionId) => {
    return refreshArtifact(artifact, {
      token: useAuthStore.getState().accessToken,
      contextId: selectKnownContextId(useContextsStore.getState()),
      ...(executionId ? { executionId } : {}),
    });
  }, []);
}
