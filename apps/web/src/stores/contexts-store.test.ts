import type { ContextRecord } from "@a2a-chat/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { readStorage, storageKeys, writeStorage } from "../lib/storage.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { contextRecord, jsonReply } from "../test/sse-fixture.js";
import { useAuthStore } from "./auth-store.js";
import { loadingContextId } from "./contexts-reducers.js";
import { useContextsStore } from "./contexts-store.js";
import { resetAllStores } from "./reset.js";

const store = () => useContextsStore.getState();
const ids = () => store().conversations.map((c) => c.id);
const namesById = () => Object.fromEntries(store().conversations.map((c) => [c.id, c.name]));
const bodyOf = (fetchMock: ReturnType<typeof vi.fn<FetchLike>>, call = 0) =>
  JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as unknown;

function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const older = contextRecord("c-old", { updated_at: "2025-01-01T00:00:00.000Z", name: "Old" });
const newer = contextRecord("c-new", { updated_at: "2025-02-01T00:00:00.000Z", name: "New" });
const loadTwo = () => store().receiveSnapshot([older, newer]);

describe("useContextsStore", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    resetAllStores();
    fetchMock = vi.fn<FetchLike>();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts with the loading marker", () => {
    expect(store()).toMatchObject({
      conversations: [],
      currentContextId: loadingContextId,
      isLoading: true,
      hasReceivedSnapshot: false,
      error: null,
    });
  });

  it("creates 'Default Conversation' once after an empty snapshot and selects it", async () => {
    const reply = deferred();
    fetchMock.mockResolvedValueOnce(jsonReply(200, [])).mockReturnValueOnce(reply.promise);
    store().receiveSnapshot([]);
    expect(store()).toMatchObject({
      currentContextId: loadingContextId,
      isLoading: false,
      hasReceivedSnapshot: true,
    });
    store().receiveSnapshot([]);
    // It asks first whether another tab made one since the snapshot; none, so it makes it.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/contexts?limit=1");
    expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/v1/core/contexts");
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe("POST");
    expect(bodyOf(fetchMock, 1)).toEqual({ name: "Default Conversation" });

    const created = contextRecord("c-default", { name: "Default Conversation" });
    reply.resolve(jsonReply(201, created));
    await vi.waitFor(() => expect(store().currentContextId).toBe("c-default"));
    // The stream's own context_created for it adds nothing.
    store().receiveCreated(created);
    expect(ids()).toEqual(["c-default"]);
    expect(readStorage(storageKeys.userCurrentContext("anon-1"))).toBe("c-default");
    expect(readStorage(storageKeys.currentContext)).toBe("c-default");
  });

  it("adopts the conversation another tab made after this tab's snapshot, making none", async () => {
    // Tab one read its snapshot (none) and made the conversation before this tab asked.
    const made = contextRecord("c-other-tab", { name: "Default Conversation" });
    fetchMock.mockResolvedValueOnce(jsonReply(200, [made]));
    store().receiveSnapshot([]);
    await vi.waitFor(() => expect(store().currentContextId).toBe("c-other-tab"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/contexts?limit=1");
    expect(ids()).toEqual(["c-other-tab"]);
  });

  it("keeps the counts the live stream gave while another tab's conversation was being read", async () => {
    const read = deferred();
    fetchMock.mockReturnValueOnce(read.promise);
    store().receiveSnapshot([]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // While the read is on its way, the stream tells of the conversation and of its two messages.
    const made = contextRecord("c-other-tab", { name: "Default Conversation" });
    store().receiveCreated(made);
    store().receiveStats({
      context_id: "c-other-tab",
      message_count: 2,
      updated_at: "2025-03-01T00:00:00.000Z",
    } as Parameters<ReturnType<typeof store>["receiveStats"]>[0]);
    // The read was answered before the second message: one.
    read.resolve(jsonReply(200, [{ ...made, message_count: 1 }]));
    await vi.waitFor(() => expect(store().currentContextId).toBe("c-other-tab"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store().conversations.map((c) => [c.id, c.messageCount])).toEqual([["c-other-tab", 2]]);
  });

  it("creates no default conversation without a valid session", () => {
    useAuthStore.getState().clearAuth();
    store().receiveSnapshot([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("selects the remembered conversation from a snapshot, else the most recently updated", () => {
    writeStorage(storageKeys.userCurrentContext("anon-1"), "c-old");
    loadTwo();
    expect(store().currentContextId).toBe("c-old");
    resetAllStores();
    writeStorage(storageKeys.userCurrentContext("anon-1"), "c-deleted");
    loadTwo();
    expect(store().currentContextId).toBe("c-new");
    expect(store().isLoading).toBe(false);
  });

  it("selects a created conversation only while the loading marker is current", () => {
    store().receiveCreated(older);
    expect(store().currentContextId).toBe("c-old");
    store().receiveCreated(newer);
    store().receiveCreated(newer);
    expect(ids()).toEqual(["c-new", "c-old"]);
    expect(store().currentContextId).toBe("c-old");
  });

  it("applies renames, deletions and statistics from the stream", () => {
    loadTwo();
    store().receiveUpdated({ ...newer, name: "Renamed", updated_at: "2025-03-01T00:00:00.000Z" });
    expect(store().conversations.find((c) => c.id === "c-new")).toMatchObject({
      name: "Renamed",
      updatedAt: "2025-03-01T00:00:00.000Z",
    });
    store().receiveStats({ context_id: "c-old", message_count: 12, updated_at: "2025-04-01" });
    expect(store().conversations.find((c) => c.id === "c-old")?.messageCount).toBe(12);
    store().receiveDeleted("c-new");
    expect(ids()).toEqual(["c-old"]);
    expect(store().currentContextId).toBe("c-old");
    store().receiveDeleted("c-old");
    expect(store().currentContextId).toBe(loadingContextId);
  });

  it("names a new conversation 'Conversation N', selects it and reports failures", async () => {
    loadTwo();
    const created: ContextRecord = contextRecord("c-3", { name: "Conversation 3" });
    fetchMock.mockResolvedValueOnce(jsonReply(201, created));
    await expect(store().createContext()).resolves.toMatchObject({ id: "c-3" });
    expect(bodyOf(fetchMock)).toEqual({ name: "Conversation 3" });
    expect(store().currentContextId).toBe("c-3");
    expect(ids()).toEqual(["c-3", "c-old", "c-new"]);

    fetchMock.mockResolvedValueOnce(jsonReply(500, { error: "internal", message: "Disk full" }));
    await expect(store().createContext("Named")).resolves.toBeNull();
    expect(bodyOf(fetchMock, 1)).toEqual({ name: "Named" });
    expect(store().error).toBe("Failed to create conversation: Disk full");
    store().clearError();
    expect(store().error).toBeNull();
  });

  it("switches only to listed conversations and remembers the choice", () => {
    loadTwo();
    store().switchContext("c-old");
    expect(store().currentContextId).toBe("c-old");
    expect(readStorage(storageKeys.userCurrentContext("anon-1"))).toBe("c-old");
    store().switchContext("nope");
    expect(store().currentContextId).toBe("c-old");
    expect(store().error).toBe("Cannot switch to non-existent context: nope");
  });

  it("renames optimistically and keeps the server's answer", async () => {
    loadTwo();
    const reply = deferred();
    fetchMock.mockReturnValue(reply.promise);
    const done = store().renameContext("c-old", "  Holiday  ");
    expect(namesById()["c-old"]).toBe("Holiday");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/contexts/c-old");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("PUT");
    expect(bodyOf(fetchMock)).toEqual({ name: "Holiday" });
    reply.resolve(
      jsonReply(200, { ...older, name: "Holiday", updated_at: "2025-09-09T00:00:00.000Z" }),
    );
    await done;
    expect(store().conversations.find((c) => c.id === "c-old")).toMatchObject({
      name: "Holiday",
      updatedAt: "2025-09-09T00:00:00.000Z",
    });
    expect(store().error).toBeNull();
  });

  it("rolls a failed rename back", async () => {
    loadTwo();
    fetchMock.mockResolvedValue(jsonReply(500, { message: "boom" }));
    await store().renameContext("c-old", "Holiday");
    expect(namesById()["c-old"]).toBe("Old");
    expect(store().error).toBe("Failed to rename conversation");
  });

  it("ignores blank names and refuses unknown conversations", async () => {
    loadTwo();
    await store().renameContext("c-old", "   ");
    expect(namesById()["c-old"]).toBe("Old");
    expect(store().error).toBeNull();
    await store().renameContext("nope", "Name");
    expect(store().error).toBe("Cannot rename non-existent context: nope");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("deletes optimistically, moving the selection to the first remaining one", async () => {
    loadTwo();
    store().switchContext("c-old");
    const reply = deferred();
    fetchMock.mockReturnValue(reply.promise);
    const done = store().deleteContext("c-old");
    expect(ids()).toEqual(["c-new"]);
    expect(store().currentContextId).toBe("c-new");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/contexts/c-old");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("DELETE");
    reply.resolve(new Response(null, { status: 204 }));
    await done;
    store().receiveDeleted("c-old");
    expect(ids()).toEqual(["c-new"]);
    expect(store().error).toBeNull();
  });

  it("rolls a failed deletion back, selection included", async () => {
    loadTwo();
    store().switchContext("c-old");
    fetchMock.mockResolvedValue(jsonReply(500, { message: "boom" }));
    await store().deleteContext("c-old");
    expect(ids()).toEqual(["c-old", "c-new"]);
    expect(store().currentContextId).toBe("c-old");
    expect(store().error).toBe("Failed to delete conversation");
  });

  it("does not bring back a conversation the server no longer has", async () => {
    loadTwo();
    fetchMock.mockResolvedValue(
      jsonReply(404, { error: "not_found", message: "Context not found" }),
    );
    await store().deleteContext("c-old");
    expect(ids()).toEqual(["c-new"]);
    expect(store().error).toBeNull();
  });

  it("refuses to delete the last or an unknown conversation", async () => {
    store().receiveSnapshot([older]);
    await store().deleteContext("c-old");
    expect(store().error).toBe(
      "Cannot delete last context - system must always have at least one context",
    );
    await store().deleteContext("nope");
    expect(store().error).toBe("Cannot delete non-existent context: nope");
    expect(ids()).toEqual(["c-old"]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts messages", () => {
    loadTwo();
    store().incrementMessageCount("c-new");
    store().incrementMessageCount("c-new");
    expect(store().conversations.find((c) => c.id === "c-new")?.messageCount).toBe(2);
  });

  it("does not count a sent message again once the server's counts arrived", () => {
    loadTwo();
    const count = () => store().conversations.find((c) => c.id === "c-new")?.messageCount;
    const before = store().statsSeen["c-new"] ?? 0;
    // A fast reply: the server's counts (message and reply) arrive before the send's first event.
    store().receiveStats({
      context_id: "c-new",
      message_count: 2,
      updated_at: "2026-01-01T00:00:00Z",
    });
    store().incrementMessageCount("c-new", before);
    expect(count()).toBe(2);
    // No counts since the send: the message is counted until they come.
    store().incrementMessageCount("c-new", store().statsSeen["c-new"]);
    expect(count()).toBe(3);
  });

  it("resets to loading and drops replies meant for the previous user", async () => {
    loadTwo();
    const reply = deferred();
    fetchMock.mockReturnValue(reply.promise);
    const done = store().createContext("Late");
    resetAllStores();
    reply.resolve(jsonReply(201, contextRecord("c-late")));
    await expect(done).resolves.toBeNull();
    expect(store()).toMatchObject({
      conversations: [],
      currentContextId: loadingContextId,
      isLoading: true,
      hasReceivedSnapshot: false,
    });
  });
});
