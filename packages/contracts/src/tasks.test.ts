import { describe, expect, it } from "vitest";
import {
  invalidTaskMessage,
  isTerminalTaskState,
  isValidTask,
  readToolCalls,
  taskStateLabel,
  taskStates,
  validateTask,
} from "./tasks.js";

const task = {
  id: "task-1",
  contextId: "ctx-1",
  status: { state: "working", timestamp: "2025-01-01T00:00:00.000Z" },
  history: [{ messageId: "m1", role: "user", parts: [{ kind: "text", text: "hi" }] }],
  artifacts: [],
  metadata: {
    task_type: "agent_message",
    agent_name: "assistant",
    created_at: "2025-01-01T00:00:00.000Z",
    model: "planner",
    custom: 1,
  },
};

describe("task states", () => {
  it("labels every state as the spec says, anything else 'Unknown'", () => {
    expect(taskStates.map(taskStateLabel)).toEqual([
      "Submitted",
      "Working...",
      "Input Required",
      "Completed",
      "Canceled",
      "Failed",
      "Rejected",
      "Authentication Required",
    ]);
    for (const other of ["unknown", "", "WORKING", 3, undefined]) {
      expect(taskStateLabel(other)).toBe("Unknown");
    }
  });

  it("knows which states are terminal", () => {
    expect(taskStates.filter(isTerminalTaskState)).toEqual([
      "completed",
      "canceled",
      "failed",
      "rejected",
    ]);
  });
});

describe("validateTask", () => {
  it("accepts a valid task and keeps extra metadata", () => {
    expect(validateTask(task)).toEqual(task);
    expect(isValidTask(task)).toBe(true);
  });

  it("throws the spec's message when a required metadata field is missing or wrong", () => {
    const broken: unknown[] = [
      { ...task, metadata: { ...task.metadata, task_type: "other" } },
      { ...task, metadata: { ...task.metadata, task_type: undefined } },
      { ...task, metadata: { ...task.metadata, agent_name: 42 } },
      { ...task, metadata: { ...task.metadata, created_at: undefined } },
      { ...task, metadata: undefined },
      { ...task, metadata: "x" },
      null,
      "task",
    ];
    for (const value of broken) {
      expect(() => validateTask(value)).toThrow(new Error(invalidTaskMessage));
      expect(isValidTask(value)).toBe(false);
    }
    expect(invalidTaskMessage).toBe("Invalid task: missing required metadata fields");
  });

  it("accepts both task types", () => {
    for (const task_type of ["mcp_execution", "agent_message"]) {
      expect(validateTask({ ...task, metadata: { ...task.metadata, task_type } }).metadata).toEqual(
        expect.objectContaining({ task_type }),
      );
    }
  });

  it("names other defects", () => {
    expect(() => validateTask({ ...task, status: { state: "working" } })).toThrow(
      /^Invalid task: status\.timestamp /,
    );
    expect(() => validateTask({ ...task, status: { ...task.status, state: "done" } })).toThrow(
      /^Invalid task: status\.state /,
    );
    expect(() =>
      validateTask({ ...task, history: [{ messageId: "m", role: "system", parts: [] }] }),
    ).toThrow(/^Invalid task: history\.0\.role /);
  });
});

describe("readToolCalls", () => {
  it("reads well-formed tool calls and leaves malformed ones out", () => {
    const call = {
      id: "c1",
      name: "query_orders",
      arguments: { region: "europe" },
      timestamp: "t",
    };
    const done = { ...call, id: "c2", result: { content: "12 rows", is_error: false } };
    expect(readToolCalls({ tool_calls: [call, { id: 3 }, done] })).toEqual([call, done]);
    expect(readToolCalls({ tool_calls: "nope" })).toEqual([]);
    expect(readToolCalls(undefined)).toEqual([]);
  });
});
