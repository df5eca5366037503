import { describe, expect, it, vi } from "vitest";
import type { ArtifactRow } from "../db/schema.js";
import { presentArtifacts } from "./present-artifact.js";

const row = (id: string, metadata: string): ArtifactRow => ({
  id,
  user_id: "u",
  context_id: "c",
  task_id: null,
  name: null,
  description: "d",
  parts: JSON.stringify([{ kind: "text", text: "x" }]),
  metadata,
  artifact_type: "text",
  fingerprint: null,
  created_at: "2025-01-01T00:00:00.000Z",
});

describe("presentArtifacts", () => {
  it("keeps valid artifacts and skips invalid ones with a warning", () => {
    const warn = vi.fn();
    const valid = JSON.stringify({ artifact_type: "text", context_id: "c", created_at: "t" });
    const out = presentArtifacts(
      [row("ok", valid), row("no-type", JSON.stringify({ context_id: "c" })), row("bad-json", "{")],
      { warn },
    );
    expect(out).toEqual([
      {
        artifactId: "ok",
        description: "d",
        parts: [{ kind: "text", text: "x" }],
        metadata: { artifact_type: "text", context_id: "c", created_at: "t" },
      },
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      { kind: "artifact", id: "no-type", reason: "Invalid artifact" },
      "skipping invalid stored artifact",
    );
    expect(warn.mock.calls[1]?.[0]).toMatchObject({ kind: "artifact", id: "bad-json" });
  });
});
