import type { Artifact } from "@a2a-chat/contracts";
import { useState } from "react";
import { newTraceId } from "../lib/trace-id.js";
import { RefreshIcon } from "./RefreshIcon.js";
import { selectExecution, useToolExecutionsStore } from "./tool-executions-store.js";
import { useArtifactRefresh } from "./useArtifactRefresh.js";

/** Props of ArtifactRefreshButton. */
export interface ArtifactRefreshButtonProps {
  artifact: Artifact;
  /** Receives the new artifact once the refresh produced it. */
  onRefreshed?: (next: Artifact) => void;
}

/** The button's accessible name: 'Refresh {artifact name or tool name}'. */
export function refreshLabel(artifact: Artifact): string {
  return `Refresh ${artifact.name ?? artifact.metadata.tool_name ?? "artifact"}`;
}

/**
 * Runs an artifact's tool again (only for artifacts made by a recorded tool call). The modal
 * shows the run; it closes on success for results shown inline and stays open for modal and
 * both, and on failure so that Retry is at hand.
 */
export function ArtifactRefreshButton({ artifact, onRefreshed }: ArtifactRefreshButtonProps) {
  const run = useArtifactRefresh();
  const [running, setRunning] = useState(false);
  if (!artifact.metadata.mcp_execution_id) return null;

  const refresh = async () => {
    const executionId = newTraceId();
    setRunning(true);
    useToolExecutionsStore.getState().open();
    try {
      const next = await run(artifact, executionId);
      if (!next) return;
      const state = useToolExecutionsStore.getState();
      const behavior = selectExecution(executionId)(state)?.renderBehavior;
      const showsInModal = behavior === "modal" || behavior === "both";
      // Another run the user switched to keeps the modal.
      if (!showsInModal && state.selectedId === executionId) state.close();
      onRefreshed?.(next);
    } finally {
      setRunning(false);
    }
  };

  return (
    <button
      type="button"
      aria-label={refreshLabel(artifact)}
      aria-busy={running}
      disabled={running}
      onClick={() => {
        void refresh();
      }}
      className="inline-flex items-center justify-center rounded p-1.5 text-neutral-400 transition-colors duration-150 hover:bg-neutral-800 hover:text-neutral-100 disabled:opacity-60"
    >
      <RefreshIcon spinning={running} />
    </button>
  );
}
