import { describe, expect, it } from "vitest";
import { makeArtifact } from "../tasks/task-fixture.js";
import {
  type ArtifactChange,
  type ArtifactsData,
  initialArtifactsData,
  removeArtifactData,
  upsertArtifactData,
} from "./artifacts-reducers.js";

function applied(change: ArtifactChange): ArtifactsData {
  if (change.kind !== "applied") throw new Error(`expected applied, got ${change.kind}`);
  return change.data;
}

const one = makeArtifact("a1", { context_id: "c1", task_id: "t1" });
const withOne = applied(upsertArtifactData(initialArtifactsData, one));

describe("upsertArtifactData", () => {
  it("indexes a new artifact by id, conversation and task", () => {
    expect(withOne).toEqual({
      byId: { a1: one },
      ids: ["a1"],
      byContext: { c1: ["a1"] },
      byTask: { t1: ["a1"] },
    });
  });

  it("leaves an artifact without a task out of the task index", () => {
    const data = applied(upsertArtifactData(initialArtifactsData, makeArtifact("a2")));
    expect(data.byTask).toEqual({});
    expect(data.byContext).toEqual({ "ctx-1": ["a2"] });
  });

  it("lets a newer artifact with the same id replace the stored one", () => {
    const newer = makeArtifact(
      "a1",
      { context_id: "c1", task_id: "t2", created_at: "2025-01-01T11:00:00Z" },
      { name: "Newer" },
    );
    const data = applied(upsertArtifactData(withOne, newer));
    expect(data.byId.a1?.name).toBe("Newer");
    expect(data.ids).toEqual(["a1"]);
    expect(data.byTask).toEqual({ t2: ["a1"] });
  });

  it("never lets an older artifact replace a newer one", () => {
    const older = makeArtifact("a1", { context_id: "c1", created_at: "2025-01-01T09:00:00Z" });
    expect(upsertArtifactData(withOne, older)).toEqual({ kind: "skipped", reason: "stale" });
  });

  it("refuses an artifact without the required metadata with 'Invalid artifact'", () => {
    const { created_at: _dropped, ...metadata } = one.metadata;
    expect(upsertArtifactData(initialArtifactsData, { ...one, metadata })).toEqual({
      kind: "invalid",
      message: "Invalid artifact",
    });
    expect(upsertArtifactData(initialArtifactsData, { artifactId: "x" }).kind).toBe("invalid");
    expect(upsertArtifactData(initialArtifactsData, null).kind).toBe("invalid");
  });
});

describe("removeArtifactData", () => {
  it("removes an artifact from every index", () => {
    expect(applied(removeArtifactData(withOne, "a1"))).toEqual(initialArtifactsData);
  });

  it("keeps the other artifacts of the conversation and task", () => {
    const two = applied(
      upsertArtifactData(withOne, makeArtifact("a2", { context_id: "c1", task_id: "t1" })),
    );
    const data = applied(removeArtifactData(two, "a1"));
    expect(data).toMatchObject({ ids: ["a2"], byContext: { c1: ["a2"] }, byTask: { t1: ["a2"] } });
  });

  it("skips an unknown id", () => {
    expect(removeArtifactData(withOne, "zz")).toEqual({
      kind: "skipped",
      reason: "unknown-artifact",
    });
  });
});
