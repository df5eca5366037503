import type { StreamEnvelope } from "@a2a-chat/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import { dispatchStreamEvent } from "../api/stream-event.js";
import { makeArtifact } from "../tasks/task-fixture.js";
import { useArtifactsStore } from "./artifacts-store.js";
import { artifactsStreamHandlers } from "./artifacts-stream-handlers.js";
import { resetAllStores } from "./reset.js";

function created(data: unknown): StreamEnvelope {
  return {
    event_type: "artifact_created",
    context_id: "ctx-1",
    user_id: "u1",
    data,
    timestamp: "2025-01-01T00:00:00Z",
  };
}

describe("artifactsStreamHandlers", () => {
  beforeEach(() => resetAllStores());

  it("stores the artifact of artifact_created", () => {
    dispatchStreamEvent(
      artifactsStreamHandlers,
      created({ task_id: "t1", artifact: makeArtifact("a1", { task_id: "t1" }) }),
    );
    expect(useArtifactsStore.getState().ids).toEqual(["a1"]);
  });

  it("removes the artifact a fingerprint replacement names before storing the new one", () => {
    useArtifactsStore.getState().upsertArtifact(makeArtifact("old"));
    dispatchStreamEvent(
      artifactsStreamHandlers,
      created({ task_id: "t1", artifact: makeArtifact("new"), replaced_artifact_id: "old" }),
    );
    expect(useArtifactsStore.getState().ids).toEqual(["new"]);
  });
});
