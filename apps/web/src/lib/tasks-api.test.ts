import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { jsonReply } from "../test/sse-fixture.js";
import type { FetchLike } from "./api.js";
import {
  fetchArtifact,
  fetchArtifacts,
  fetchContextArtifacts,
  fetchTask,
  fetchTaskArtifacts,
  fetchTasks,
} from "./tasks-api.js";

describe("tasks API", () => {
  const session = anonymousReply("anon-1");
  let fetchImpl: ReturnType<typeof vi.fn<FetchLike>>;
  const calledPaths = () => fetchImpl.mock.calls.map((call) => call[0]);

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(session);
    fetchImpl = vi.fn<FetchLike>(async () => jsonReply(200, [{ id: "t1" }]));
  });

  it("lists all tasks or one conversation's with a limit and the bearer token", async () => {
    await expect(fetchTasks({}, fetchImpl)).resolves.toEqual([{ id: "t1" }]);
    await fetchTasks({ contextId: "c/1" }, fetchImpl);
    expect(calledPaths()).toEqual([
      "/api/v1/core/tasks?limit=100",
      "/api/v1/core/contexts/c%2F1/tasks?limit=100",
    ]);
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.method).toBe("GET");
    expect(new Headers(init?.headers).get("authorization")).toBe(`Bearer ${session.access_token}`);
  });

  it("lists artifacts: all, of a conversation and of a task", async () => {
    await fetchArtifacts(fetchImpl);
    await fetchContextArtifacts("c1", fetchImpl);
    await fetchTaskArtifacts("t 1", fetchImpl);
    expect(calledPaths()).toEqual([
      "/api/v1/core/artifacts?limit=100",
      "/api/v1/core/contexts/c1/artifacts?limit=100",
      "/api/v1/core/tasks/t%201/artifacts",
    ]);
  });

  it("reads one task and one artifact by id", async () => {
    fetchImpl.mockImplementation(async () => jsonReply(200, { id: "x" }));
    await expect(fetchTask("t1", fetchImpl)).resolves.toEqual({ id: "x" });
    await fetchArtifact("a1", fetchImpl);
    expect(calledPaths()).toEqual(["/api/v1/core/tasks/t1", "/api/v1/core/artifacts/a1"]);
  });

  it("refuses a list reply that is not a list", async () => {
    fetchImpl.mockImplementation(async () => jsonReply(200, { tasks: [] }));
    await expect(fetchTasks({}, fetchImpl)).rejects.toThrow("The server sent an invalid list");
  });

  it("passes the server's error on", async () => {
    fetchImpl.mockImplementation(async () =>
      jsonReply(404, { error: "not_found", message: "Context not found" }),
    );
    await expect(fetchTasks({ contextId: "c9" }, fetchImpl)).rejects.toMatchObject({
      status: 404,
      message: "Context not found",
    });
  });
});
