import { DefaultExecutionEventBus } from "@a2a-js/sdk/server";
import { describe, expect, it } from "vitest";
import { toolResultArtifact, turnArtifact } from "./turn-artifacts.js";

const turn = {
  owner: { userId: "u" },
  scopes: [],
  taskId: "task-1",
  contextId: "ctx-1",
  bus: new DefaultExecutionEventBus(),
};

describe("toolResultArtifact", () => {
  it("stores a result's structured data, and names the tool and the call", () => {
    const { made, extra } = toolResultArtifact({
      kind: "tool-result",
      id: "call-1",
      name: "list_regions",
      result: { isError: false, text: "3 regions", data: { regions: ["eu"] } },
    });
    expect(made).toEqual({ name: "list_regions", artifactType: "json", data: { regions: ["eu"] } });
    expect(extra).toEqual({
      tool_name: "list_regions",
      tool_execution_id: "call-1",
      source: "mcp_tool",
    });
  });

  it("stores a result without data as its text, with its files, and marks an error", () => {
    const file = {
      kind: "file" as const,
      file: { name: "a.png", mimeType: "image/png", bytes: "AA==" },
    };
    const { made, extra } = toolResultArtifact({
      kind: "tool-result",
      id: "call-2",
      name: "shot",
      result: { isError: true, text: "failed", files: [file] },
    });
    expect(made).toEqual({
      name: "shot",
      artifactType: "json",
      data: { text: "failed" },
      files: [file],
    });
    expect(extra.type).toBe("tool_error");
  });
});

describe("turnArtifact", () => {
  const now = new Date("2026-11-29T08:00:00.000Z");

  it("wraps the data in a data part and names the task, the conversation and the kind", () => {
    const artifact = turnArtifact(
      turn,
      {
        name: "Orders",
        description: "Orders in Europe",
        artifactType: "table",
        data: { items: [] },
        renderingHints: { sortable: true },
        fingerprint: "f1",
      },
      { tool_name: "t" },
      now,
    );
    expect(artifact.parts).toEqual([{ kind: "data", data: { items: [] } }]);
    expect(artifact.description).toBe("Orders in Europe");
    expect(artifact.metadata).toEqual({
      artifact_type: "table",
      context_id: "ctx-1",
      task_id: "task-1",
      created_at: "2026-11-29T08:00:00.000Z",
      rendering_hints: { sortable: true },
      fingerprint: "f1",
      tool_name: "t",
    });
  });

  it("wraps data that is not an object, and keeps an artifact's own parts as they are", () => {
    expect(turnArtifact(turn, { name: "n", artifactType: "json", data: [1, 2] }).parts).toEqual([
      { kind: "data", data: { value: [1, 2] } },
    ]);
    const parts = [{ kind: "text" as const, text: "as sent" }];
    expect(
      turnArtifact(turn, { name: "n", artifactType: "markdown", data: null, parts }).parts,
    ).toBe(parts);
  });
});
