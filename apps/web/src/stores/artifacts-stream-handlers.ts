import type { StreamHandlers } from "../api/stream-event.js";
import { logger } from "../lib/logger.js";
import { useArtifactsStore } from "./artifacts-store.js";

/** Live stream handlers that keep the artifact store up to date (to merge into the stream's map). */
export const artifactsStreamHandlers: Partial<StreamHandlers> = {
  artifact_created: (data) => {
    if (typeof data !== "object" || data === null || !("artifact" in data)) {
      logger.warn("Ignored artifact_created event without an artifact");
      return;
    }
    const store = useArtifactsStore.getState();
    // A fingerprint replacement: the earlier artifact is gone on the server, so it goes here too.
    if ("replaced_artifact_id" in data && typeof data.replaced_artifact_id === "string") {
      store.removeArtifact(data.replaced_artifact_id);
    }
    store.upsertArtifact(data.artifact);
  },
};
