import type { Artifact } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import {
  applyTaskOutcome,
  artifactExecutionIds,
  artifactMatchesExecution,
  isActiveExecution,
  type ToolExecution,
} from "./execution-queue.js";

const execution = (patch: Partial<ToolExecution> = {}): ToolExecution => ({
  id: "local-1",
  toolName: "query_orders",
  serverName: "analytics",
  status: "executing",
  timestamp: 1_000,
  renderBehavior: "inline",
  parameters: {},
  mcpExecutionId: "exec-2",
  ...patch,
});

const artifact = (id: string, metadata: Partial<Artifact["metadata"]> = {}): Artifact => ({
  artifactId: id,
  parts: [{ kind: "data", data: { items: [] } }],
  metadata: {
    artifact_type: "table",
    context_id: "ctx-1",
    created_at: "2024-05-01T10:00:00Z",
    ...metadata,
  },
});

describe("isActiveExecution", () => {
  it("counts pending and executing as active", () => {
    expect(isActiveExecution({ status: "pending" })).toBe(true);
    expect(isActiveExecution({ status: "executing" })).toBe(true);
    expect(isActiveExecution({ status: "completed" })).toBe(false);
    expect(isActiveExecution({ status: "error" })).toBe(false);
  });
});

describe("artifactExecutionIds", () => {
  it("reads the id and both execution ids, once each", () => {
    expect(
      artifactExecutionIds(artifact("a", { mcp_execution_id: "a", tool_execution_id: "t" })),
    ).toEqual(["a", "t"]);
    expect(artifactExecutionIds(null)).toEqual([]);
    expect(artifactExecutionIds({ metadata: { mcp_execution_id: "m" } })).toEqual(["m"]);
  });

  it("matches an artifact to an execution by any of them", () => {
    expect(artifactMatchesExecution(artifact("exec-2"), "exec-2")).toBe(true);
    expect(artifactMatchesExecution(artifact("x", { tool_execution_id: "exec-2" }), "exec-2")).toBe(
      true,
    );
    expect(artifactMatchesExecution(artifact("x"), "exec-2")).toBe(false);
  });
});

describe("applyTaskOutcome", () => {
  it("completes the matching execution with the task's artifact", () => {
    const result = artifact("exec-2", { mcp_execution_id: "exec-2" });
    const [next] = applyTaskOutcome(
      [execution()],
      { status: { state: "completed" }, artifacts: [result] },
      1_250,
    );
    expect(next).toMatchObject({ status: "completed", artifact: result, executionTime: 250 });
  });

  it("marks the execution failed when its artifact does not parse", () => {
    const broken = {
      artifactId: "exec-2",
      parts: "nope",
      metadata: { mcp_execution_id: "exec-2" },
    };
    const [next] = applyTaskOutcome(
      [execution()],
      { status: { state: "completed" }, artifacts: [broken] },
      2_000,
    );
    expect(next).toMatchObject({ status: "error", error: "Invalid artifact" });
  });

  it("leaves the queue alone for unfinished tasks, tasks without artifacts and other executions", () => {
    const queue = [execution(), execution({ id: "done", status: "completed" })];
    const result = artifact("exec-2");
    expect(applyTaskOutcome(queue, { status: { state: "working" }, artifacts: [result] }, 0)).toBe(
      queue,
    );
    expect(applyTaskOutcome(queue, { status: { state: "completed" }, artifacts: [] }, 0)).toBe(
      queue,
    );
    expect(
      applyTaskOutcome(
        queue,
        { status: { state: "completed" }, artifacts: [artifact("other")] },
        0,
      ),
    ).toBe(queue);
  });
});
