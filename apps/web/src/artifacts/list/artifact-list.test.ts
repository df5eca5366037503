import { describe, expect, it } from "vitest";
import { initialArtifactsData, upsertArtifactData } from "../../stores/artifacts-reducers.js";
import { makeArtifact } from "../../tasks/task-fixture.js";
import {
  allFilter,
  conversationOptions,
  filterArtifacts,
  listedArtifacts,
  showingText,
  typeOptions,
} from "./artifact-list.js";

const older = makeArtifact("old", { created_at: "2025-01-01T09:00:00Z", artifact_type: "chart" });
const newer = makeArtifact("new", { created_at: "2025-01-02 09:00:00", context_id: "ctx-2" });
const internal = makeArtifact("int", { is_internal: true, artifact_type: "json" });
const broken = makeArtifact("odd", { created_at: "whenever" });

const data = [older, broken, newer, internal].reduce((state, artifact) => {
  const change = upsertArtifactData(state, artifact);
  return change.kind === "applied" ? change.data : state;
}, initialArtifactsData);

describe("listedArtifacts", () => {
  it("sorts newest first, unreadable times last, and hides internal artifacts", () => {
    expect(listedArtifacts(data, false).map((a) => a.artifactId)).toEqual(["new", "old", "odd"]);
  });

  it("shows internal artifacts in debug mode", () => {
    expect(listedArtifacts(data, true).map((a) => a.artifactId)).toContain("int");
  });
});

describe("filters", () => {
  const all = listedArtifacts(data, true);

  it("offers the types present, alphabetically", () => {
    expect(typeOptions(all).map((o) => o.value)).toEqual(["chart", "json", "table"]);
  });

  it("offers the known conversations and the unknown ones by short id", () => {
    const options = conversationOptions(all, [{ id: "ctx-1", name: "Trip" }]);
    expect(options).toEqual([
      { value: "ctx-1", label: "Trip" },
      { value: "ctx-2", label: "ctx-2" },
    ]);
  });

  it("filters by type and conversation", () => {
    expect(filterArtifacts(all, "chart", allFilter).map((a) => a.artifactId)).toEqual(["old"]);
    expect(filterArtifacts(all, "table", "ctx-2").map((a) => a.artifactId)).toEqual(["new"]);
    expect(filterArtifacts(all, allFilter, allFilter)).toHaveLength(4);
  });

  it("counts in the spec's words", () => {
    expect(showingText(2, 5)).toBe("Showing 2 of 5 artifacts");
  });
});
