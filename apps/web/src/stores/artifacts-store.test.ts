import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { logger } from "../lib/logger.js";
import { makeArtifact } from "../tasks/task-fixture.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { jsonReply } from "../test/sse-fixture.js";
import { useArtifactsStore } from "./artifacts-store.js";
import { useAuthStore } from "./auth-store.js";
import { resetAllStores } from "./reset.js";

const store = () => useArtifactsStore.getState();

describe("useArtifactsStore", () => {
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

  it("warns 'Invalid artifact' and skips an invalid artifact", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    store().upsertArtifact({ artifactId: "a1", parts: [], metadata: {} });
    expect(warn).toHaveBeenCalledWith("Invalid artifact");
    expect(store().ids).toEqual([]);
  });

  it("adds and removes artifacts", () => {
    store().upsertArtifact(makeArtifact("a1", { task_id: "t1" }));
    expect(store().byTask).toEqual({ t1: ["a1"] });
    store().removeArtifact("a1");
    expect(store()).toMatchObject({ ids: [], byId: {}, byTask: {}, byContext: {} });
  });

  it("loads the user's artifacts with a limit, skipping invalid ones", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonReply(200, [makeArtifact("a1"), { artifactId: "bad" }]));
    const loading = store().loadArtifacts();
    expect(store().isLoading).toBe(true);
    await loading;
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/artifacts?limit=100");
    expect(store()).toMatchObject({ ids: ["a1"], isLoading: false, error: null });
    expect(warn).toHaveBeenCalledWith("Invalid artifact");
  });

  it("keeps the error of a failed load", async () => {
    fetchMock.mockResolvedValue(jsonReply(503, { error: "unavailable", message: "Down" }));
    await store().loadArtifacts();
    expect(store()).toMatchObject({ isLoading: false, error: "Down" });
  });

  it("is emptied by the store reset", () => {
    store().upsertArtifact(makeArtifact("a1"));
    resetAllStores();
    expect(store().ids).toEqual([]);
  });
});
