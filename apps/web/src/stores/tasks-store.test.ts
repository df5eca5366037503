import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { logger } from "../lib/logger.js";
import { makeTask } from "../tasks/task-fixture.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { jsonReply } from "../test/sse-fixture.js";
import { useAuthStore } from "./auth-store.js";
import { resetAllStores } from "./reset.js";
import { useTasksStore } from "./tasks-store.js";

const store = () => useTasksStore.getState();

describe("useTasksStore", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    resetAllStores();
    fetchMock = vi.fn<FetchLike>();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("warns 'Invalid task: missing required metadata fields' and skips an invalid task", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    store().upsertTask({ ...makeTask("t1"), metadata: { agent_name: "a" } });
    expect(warn).toHaveBeenCalledWith("Invalid task: missing required metadata fields");
    expect(store().taskIds).toEqual([]);
  });

  it("applies a status change of a known task and warns about an unknown status", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    store().upsertTask(makeTask("t1", { status: { state: "working" } }));
    store().applyStatusChange({
      task_id: "t1",
      status: "failed",
      timestamp: "2025-01-02T00:00:00Z",
    });
    expect(store().tasksById.t1?.status).toEqual({
      state: "failed",
      timestamp: "2025-01-02T00:00:00Z",
    });
    store().applyStatusChange({
      task_id: "t1",
      status: "bogus",
      timestamp: "2025-01-03T00:00:00Z",
    });
    expect(warn).toHaveBeenCalledWith("Unknown task status: bogus");
    expect(store().tasksById.t1?.status.state).toBe("failed");
  });

  it("loads a conversation's tasks, skipping invalid ones with a warning", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(
      jsonReply(200, [makeTask("t1", { contextId: "c1" }), { id: "bad" }]),
    );
    const loading = store().loadTasks({ contextId: "c1" });
    expect(store().isLoading).toBe(true);
    await loading;
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/contexts/c1/tasks?limit=100");
    expect(store()).toMatchObject({ isLoading: false, error: null, taskIds: ["t1"] });
    expect(store().taskIdsByContext).toEqual({ c1: ["t1"] });
    expect(warn).toHaveBeenCalledWith("Invalid task: missing required metadata fields");
  });

  it("loads all tasks without a conversation", async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    await store().loadTasks();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/tasks?limit=100");
  });

  it("keeps the error of a failed load", async () => {
    fetchMock.mockResolvedValue(jsonReply(500, { error: "internal", message: "Boom" }));
    await store().loadTasks();
    expect(store()).toMatchObject({ isLoading: false, error: "Boom" });
    store().clearError();
    expect(store().error).toBeNull();
  });

  it("drops a reply that arrives after a reset", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    const loading = store().loadTasks();
    resetAllStores();
    answer(jsonReply(200, [makeTask("t1")]));
    await loading;
    expect(store()).toMatchObject({ taskIds: [], isLoading: false });
  });
});
