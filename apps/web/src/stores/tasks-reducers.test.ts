import { describe, expect, it } from "vitest";
import { makeTask } from "../tasks/task-fixture.js";
import {
  applyStatusChangeData,
  initialTasksData,
  type TaskChange,
  type TasksData,
  taskUpdatedTime,
  upsertTaskData,
} from "./tasks-reducers.js";

function applied(change: TaskChange): TasksData {
  if (change.kind !== "applied") throw new Error(`expected applied, got ${change.kind}`);
  return change.data;
}

const at = (iso: string) => ({ metadata: { updated_at: iso } });

describe("upsertTaskData", () => {
  it("adds a new task to the ids and to its conversation", () => {
    const data = applied(upsertTaskData(initialTasksData, makeTask("t1", { contextId: "c1" })));
    expect(data.taskIds).toEqual(["t1"]);
    expect(data.taskIdsByContext).toEqual({ c1: ["t1"] });
    expect(data.tasksById.t1?.contextId).toBe("c1");
  });

  it("lets a newer copy replace the stored one without duplicating ids", () => {
    const first = applied(
      upsertTaskData(initialTasksData, makeTask("t1", at("2025-01-01T10:00:00Z"))),
    );
    const newer = makeTask("t1", {
      ...at("2025-01-01T10:00:05Z"),
      status: { state: "failed" },
    });
    const data = applied(upsertTaskData(first, newer));
    expect(data.tasksById.t1?.status.state).toBe("failed");
    expect(data.taskIds).toEqual(["t1"]);
    expect(data.taskIdsByContext["ctx-1"]).toEqual(["t1"]);
  });

  it("lets a copy with the same updated time replace the stored one", () => {
    const first = applied(upsertTaskData(initialTasksData, makeTask("t1")));
    const same = makeTask("t1", { status: { state: "failed" } });
    expect(applied(upsertTaskData(first, same)).tasksById.t1?.status.state).toBe("failed");
  });

  it("skips an older copy", () => {
    const first = applied(
      upsertTaskData(initialTasksData, makeTask("t1", at("2025-01-01T10:00:05Z"))),
    );
    const older = makeTask("t1", { ...at("2025-01-01T10:00:01Z"), status: { state: "working" } });
    expect(upsertTaskData(first, older)).toEqual({ kind: "skipped", reason: "stale" });
  });

  it("falls back to created_at when updated_at is missing", () => {
    const stored = applied(
      upsertTaskData(
        initialTasksData,
        makeTask("t1", { metadata: { created_at: "2025-01-01T10:00:05Z" } }),
      ),
    );
    const older = makeTask("t1", { metadata: { created_at: "2025-01-01T10:00:01Z" } });
    expect(upsertTaskData(stored, older).kind).toBe("skipped");
    expect(taskUpdatedTime(makeTask("x"))).toBe(Date.UTC(2025, 0, 1, 10));
  });

  it("compares times without a 'T' as UTC", () => {
    const stored = applied(
      upsertTaskData(initialTasksData, makeTask("t1", at("2025-01-01 10:00:05"))),
    );
    expect(upsertTaskData(stored, makeTask("t1", at("2025-01-01T10:00:04Z"))).kind).toBe("skipped");
    expect(upsertTaskData(stored, makeTask("t1", at("2025-01-01T10:00:06Z"))).kind).toBe("applied");
  });

  it("refuses a task without the required metadata with the spec's message", () => {
    const task = makeTask("t1");
    const broken = { ...task, metadata: { agent_name: "assistant", created_at: "x" } };
    expect(upsertTaskData(initialTasksData, broken)).toEqual({
      kind: "invalid",
      message: "Invalid task: missing required metadata fields",
    });
    const wrongType = { ...task, metadata: { ...task.metadata, task_type: "chat" } };
    expect(upsertTaskData(initialTasksData, wrongType)).toMatchObject({
      message: "Invalid task: missing required metadata fields",
    });
  });

  it("moves a task whose conversation changed", () => {
    const first = applied(upsertTaskData(initialTasksData, makeTask("t1", { contextId: "a" })));
    const data = applied(upsertTaskData(first, makeTask("t1", { contextId: "b" })));
    expect(data.taskIdsByContext).toEqual({ a: [], b: ["t1"] });
  });
});

describe("applyStatusChangeData", () => {
  const stored = applied(
    upsertTaskData(
      initialTasksData,
      makeTask("t1", { status: { state: "working", timestamp: "2025-01-01T10:00:01Z" } }),
    ),
  );

  it("updates a known task's state, time and updated time", () => {
    const data = applied(
      applyStatusChangeData(stored, {
        task_id: "t1",
        status: "input-required",
        timestamp: "2025-01-01T10:00:09Z",
      }),
    );
    expect(data.tasksById.t1?.status).toEqual({
      state: "input-required",
      timestamp: "2025-01-01T10:00:09Z",
    });
    expect(data.tasksById.t1?.metadata.updated_at).toBe("2025-01-01T10:00:09Z");
    // A list reply holding the copy from before the change no longer undoes it.
    expect(upsertTaskData(data, makeTask("t1", at("2025-01-01T10:00:02Z"))).kind).toBe("skipped");
  });

  it("keeps the message that came with the change", () => {
    const message = { messageId: "m1", role: "agent" as const, parts: [] };
    const data = applied(
      applyStatusChangeData(stored, {
        task_id: "t1",
        status: "input-required",
        timestamp: "2025-01-01T10:00:09Z",
        message,
      }),
    );
    expect(data.tasksById.t1?.status.message).toEqual(message);
  });

  it("skips a change of an unknown task", () => {
    expect(
      applyStatusChangeData(stored, { task_id: "nope", status: "failed", timestamp: "x" }),
    ).toEqual({ kind: "skipped", reason: "unknown-task" });
  });

  it("refuses an unknown status value", () => {
    expect(
      applyStatusChangeData(stored, { task_id: "t1", status: "paused", timestamp: "x" }),
    ).toEqual({ kind: "invalid", message: "Unknown task status: paused" });
  });
});
