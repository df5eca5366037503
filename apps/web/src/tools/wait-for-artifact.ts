import type { Artifact } from "@a2a-chat/contracts";
import { type ArtifactsState, useArtifactsStore } from "../stores/artifacts-store.js";
import { artifactMatchesExecution } from "./execution-queue.js";

/** Core spec §4, §9: a refresh waits at most this long for its new artifact. */
export const artifactRefreshWaitMs = 30_000;

/** The refresh gave up waiting for the new artifact. */
export const refreshTimedOutMessage = "Timed out waiting for the refreshed result";

function findResult(state: ArtifactsState, executionId: string): Artifact | undefined {
  const direct = state.byId[executionId];
  if (direct) return direct;
  return Object.values(state.byId).find((artifact) =>
    artifactMatchesExecution(artifact, executionId),
  );
}

/**
 * Resolves with the artifact of an execution record as soon as the artifact store holds it (the
 * live stream delivers it as artifact_created, possibly before the tool call itself returned),
 * or rejects with 'Timed out waiting for the refreshed result' after waitMs.
 */
export function waitForArtifact(
  executionId: string,
  waitMs: number = artifactRefreshWaitMs,
): Promise<Artifact> {
  const present = findResult(useArtifactsStore.getState(), executionId);
  if (present) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const unsubscribe = useArtifactsStore.subscribe((state) => {
      const found = findResult(state, executionId);
      if (!found) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(found);
    });
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(refreshTimedOutMessage));
    }, waitMs);
  });
}
