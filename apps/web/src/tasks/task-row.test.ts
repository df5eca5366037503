import { describe, expect, it } from "vitest";
import { formatTimestamp } from "../lib/timestamps.js";
import { makeTask } from "./task-fixture.js";
import { taskDuration, taskTimestampMs, toTaskRow, toTaskRows } from "./task-row.js";

const names = new Map([["ctx-1", "Trip"]]);

describe("toTaskRow", () => {
  it("shows the label, agent, server, conversation, short id and counts", () => {
    const task = makeTask("0123456789abcdef", {
      metadata: { task_type: "mcp_execution", agent_name: "mcp", mcp_server_name: "analytics" },
      history: [{ messageId: "m1", role: "user", parts: [] }],
    });
    const shown = formatTimestamp(Date.UTC(2025, 0, 1, 10, 0, 3));
    const row = toTaskRow(task, names);
    // Date and time apart, so the table can put them on two lines.
    expect(row.timestampDate).toMatch(/^Jan 1, 2025,$/);
    expect(row.timestampTime).toMatch(/^\d\d:\d\d:03 [AP]M$/);
    expect(`${row.timestampDate} ${row.timestampTime}`).toBe(shown);
    expect(row).toEqual({
      id: "0123456789abcdef",
      shortId: "01234567",
      state: "completed",
      label: "Completed",
      agent: "Tool: analytics",
      mcpServer: "analytics",
      contextId: "ctx-1",
      conversationName: "Trip",
      messageCount: 1,
      artifactCount: 0,
      duration: "3.0s",
      timestamp: shown,
      timestampDate: row.timestampDate,
      timestampTime: row.timestampTime,
      timestampMs: Date.UTC(2025, 0, 1, 10, 0, 3),
    });
  });

  it("names an unknown conversation by its short id", () => {
    const task = makeTask("t1", { contextId: "abcdefghijkl" });
    expect(toTaskRow(task, names).conversationName).toBe("abcdefgh");
  });

  it("throws for a missing or invalid status timestamp", () => {
    expect(() => taskTimestampMs(makeTask("t1", { status: { timestamp: "" } }))).toThrow(
      "Task status timestamp is missing",
    );
    expect(() => toTaskRow(makeTask("t1", { status: { timestamp: "soon" } }), names)).toThrow(
      "Invalid task timestamp: soon",
    );
  });

  it("reads a status timestamp without a 'T' as UTC", () => {
    const task = makeTask("t1", { status: { timestamp: "2025-01-01 10:00:03" } });
    expect(taskTimestampMs(task)).toBe(Date.UTC(2025, 0, 1, 10, 0, 3));
  });
});

describe("taskDuration", () => {
  it("is only given for completed or failed tasks", () => {
    expect(taskDuration(makeTask("t1", { status: { state: "failed" } }))).toBe("3.0s");
    for (const state of ["working", "submitted", "input-required", "canceled"] as const) {
      expect(taskDuration(makeTask("t1", { status: { state } }))).toBeUndefined();
    }
  });

  it("prefers started_at and completed_at", () => {
    const task = makeTask("t1", {
      metadata: {
        started_at: "2025-01-01T10:00:00.000Z",
        completed_at: "2025-01-01T10:02:05.000Z",
      },
    });
    expect(taskDuration(task)).toBe("2m 5s");
  });

  it("throws for unreadable or reversed times of a finished task", () => {
    expect(() => taskDuration(makeTask("t1", { metadata: { started_at: "never" } }))).toThrow(
      "Invalid task timestamps: cannot compute the duration",
    );
    expect(() =>
      taskDuration(makeTask("t1", { metadata: { completed_at: "2024-01-01T00:00:00Z" } })),
    ).toThrow("Invalid task timestamps: cannot compute the duration");
  });
});

describe("toTaskRows", () => {
  it("sorts newest first and puts rows that cannot be shown last", () => {
    const rows = toTaskRows(
      [
        makeTask("old", { status: { state: "working", timestamp: "2025-01-01T09:00:00Z" } }),
        makeTask("bad", { status: { timestamp: "" } }),
        makeTask("new", { status: { timestamp: "2025-01-02T09:00:00Z" } }),
      ],
      names,
    );
    expect(rows.map((r) => (r.ok ? r.row.id : `${r.task.id}: ${r.error}`))).toEqual([
      "new",
      "old",
      "bad: Task status timestamp is missing",
    ]);
  });
});
