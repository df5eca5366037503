import { beforeEach, describe, expect, it } from "vitest";
import { resetAllStores } from "../stores/reset.js";
import type { ToolExecution } from "./execution-queue.js";
import {
  selectActiveExecutions,
  selectHasActiveExecutions,
  selectSelectedExecution,
  useToolExecutionsStore,
} from "./tool-executions-store.js";

const execution = (id: string, status: ToolExecution["status"]): ToolExecution => ({
  id,
  toolName: "query_orders",
  serverName: "analytics",
  status,
  timestamp: 0,
  renderBehavior: "modal",
  parameters: { region: "EU" },
});

const state = () => useToolExecutionsStore.getState();

describe("useToolExecutionsStore", () => {
  beforeEach(() => state().reset());

  it("adds an execution and selects it; re-adding an id replaces it", () => {
    state().add(execution("a", "pending"));
    state().add(execution("b", "pending"));
    expect(state().selectedId).toBe("b");
    state().add({ ...execution("a", "executing") });
    expect(state().executions.map((e) => [e.id, e.status])).toEqual([
      ["b", "pending"],
      ["a", "executing"],
    ]);
    expect(selectSelectedExecution(state())?.id).toBe("a");
  });

  it("updates fields of a known execution and ignores unknown ids", () => {
    state().add(execution("a", "pending"));
    state().update("a", { status: "error", error: "Unknown tool" });
    expect(state().executions[0]).toMatchObject({ status: "error", error: "Unknown tool" });
    const before = state().executions;
    state().update("missing", { status: "completed" });
    expect(state().executions).toBe(before);
  });

  it("treats pending and executing as active", () => {
    state().add(execution("a", "pending"));
    state().add(execution("b", "executing"));
    state().add(execution("c", "completed"));
    state().add(execution("d", "error"));
    expect(selectActiveExecutions(state()).map((e) => e.id)).toEqual(["a", "b"]);
    expect(selectHasActiveExecutions(state())).toBe(true);
    state().update("a", { status: "completed" });
    state().update("b", { status: "error" });
    expect(selectHasActiveExecutions(state())).toBe(false);
  });

  it("clears completed executions and drops a selection they held", () => {
    state().add(execution("a", "error"));
    state().add(execution("b", "completed"));
    state().clearCompleted();
    expect(state().executions.map((e) => e.id)).toEqual(["a"]);
    expect(state().selectedId).toBeNull();
    state().select("a");
    state().clearCompleted();
    expect(state().selectedId).toBe("a");
  });

  it("opens, closes and selects", () => {
    state().open();
    expect(state().modalOpen).toBe(true);
    state().close();
    expect(state().modalOpen).toBe(false);
    state().select(null);
    expect(selectSelectedExecution(state())).toBeUndefined();
  });

  it("completes an execution from a finished task's artifact", () => {
    state().add({ ...execution("a", "executing"), mcpExecutionId: "exec-9" });
    state().applyTask({
      status: { state: "completed" },
      artifacts: [
        {
          artifactId: "exec-9",
          parts: [],
          metadata: { artifact_type: "json", context_id: "c", created_at: "2024-01-01T00:00:00Z" },
        },
      ],
    });
    expect(state().executions[0]?.status).toBe("completed");
  });

  it("is emptied when all stores reset (another user)", () => {
    state().add(execution("a", "pending"));
    state().open();
    resetAllStores();
    expect(state()).toMatchObject({ executions: [], selectedId: null, modalOpen: false });
  });
});
