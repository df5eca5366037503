import type { StreamEnvelope } from "@a2a-chat/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dispatchStreamEvent } from "../api/stream-event.js";
import { logger } from "../lib/logger.js";
import { makeTask } from "../tasks/task-fixture.js";
import { resetAllStores } from "./reset.js";
import { useTasksStore } from "./tasks-store.js";
import { tasksStreamHandlers, toStatusChange } from "./tasks-stream-handlers.js";

function envelope(event_type: StreamEnvelope["event_type"], data: unknown): StreamEnvelope {
  return {
    event_type,
    context_id: "ctx-1",
    user_id: "u1",
    data,
    timestamp: "2025-01-01T00:00:00Z",
  };
}

const store = () => useTasksStore.getState();

describe("tasksStreamHandlers", () => {
  beforeEach(() => resetAllStores());
  afterEach(() => vi.restoreAllMocks());

  it("stores the task of task_created and task_completed", () => {
    const created = makeTask("t1", { status: { state: "submitted" } });
    dispatchStreamEvent(
      tasksStreamHandlers,
      envelope("task_created", {
        task_id: "t1",
        status: "submitted",
        timestamp: "x",
        task: created,
      }),
    );
    expect(store().tasksById.t1?.status.state).toBe("submitted");
    const done = makeTask("t1", { metadata: { updated_at: "2025-01-01T10:00:09Z" } });
    dispatchStreamEvent(
      tasksStreamHandlers,
      envelope("task_completed", {
        task_id: "t1",
        status: "completed",
        timestamp: "x",
        task: done,
      }),
    );
    expect(store().tasksById.t1?.status.state).toBe("completed");
  });

  it("applies task_status_changed to the stored task", () => {
    store().upsertTask(makeTask("t1", { status: { state: "working" } }));
    dispatchStreamEvent(
      tasksStreamHandlers,
      envelope("task_status_changed", {
        task_id: "t1",
        status: "auth-required",
        timestamp: "2025-01-01T10:00:05Z",
      }),
    );
    expect(store().tasksById.t1?.status.state).toBe("auth-required");
  });

  it("warns about events it cannot read", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    dispatchStreamEvent(tasksStreamHandlers, envelope("task_created", { task_id: "t1" }));
    dispatchStreamEvent(tasksStreamHandlers, envelope("task_status_changed", { task_id: "t1" }));
    expect(warn).toHaveBeenCalledWith("Ignored task_created event without a task");
    expect(warn).toHaveBeenCalledWith("Ignored an invalid task_status_changed event");
  });
});

describe("toStatusChange", () => {
  it("keeps a valid message and drops an invalid one", () => {
    const base = { task_id: "t1", status: "working", timestamp: "t" };
    const message = { messageId: "m1", role: "agent", parts: [{ kind: "text", text: "hi" }] };
    expect(toStatusChange({ ...base, message })).toEqual({ ...base, message });
    expect(toStatusChange({ ...base, message: { role: "x" } })).toEqual(base);
    expect(toStatusChange(null)).toBeNull();
  });
});
