import type { Artifact } from "@a2a-chat/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useArtifactsStore } from "../stores/artifacts-store.js";
import { waitForArtifact } from "./wait-for-artifact.js";

const artifact = (id: string, toolExecutionId?: string): Artifact => ({
  artifactId: id,
  parts: [{ kind: "text", text: "hi" }],
  metadata: {
    artifact_type: "markdown",
    context_id: "ctx-1",
    created_at: "2024-05-01T10:00:00Z",
    ...(toolExecutionId ? { tool_execution_id: toolExecutionId } : {}),
  },
});

describe("waitForArtifact", () => {
  beforeEach(() => useArtifactsStore.getState().reset());
  afterEach(() => vi.useRealTimers());

  it("resolves with the artifact naming the execution, ignoring others", async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const done = waitForArtifact("exec-2", 1_000).then(settled);
    useArtifactsStore.getState().upsertArtifact(artifact("unrelated"));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).not.toHaveBeenCalled();
    const match = artifact("other-id", "exec-2");
    useArtifactsStore.getState().upsertArtifact(match);
    await done;
    expect(settled).toHaveBeenCalledWith(match);
  });

  it("rejects after the wait with the timeout message", async () => {
    vi.useFakeTimers();
    const done = waitForArtifact("exec-2", 30_000);
    const outcome = expect(done).rejects.toThrow("Timed out waiting for the refreshed result");
    await vi.advanceTimersByTimeAsync(30_000);
    await outcome;
  });
});
