import { describe, expect, it } from "vitest";
import type { Conversation } from "../lib/conversation.js";
import {
  applyAdopted,
  applyCreated,
  applyDeleted,
  applySnapshot,
  applyStats,
  applyUpdated,
  type ContextsData,
  initialContextsData,
  loadingContextId,
  mostRecentlyUpdated,
  restoreConversation,
} from "./contexts-reducers.js";

const conversation = (id: string, updatedAt = "2025-01-01T00:00:00.000Z"): Conversation => ({
  id,
  name: `Name of ${id}`,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt,
  messageCount: 0,
});
const a = conversation("a", "2025-01-01T00:00:00.000Z");
const b = conversation("b", "2025-03-01T00:00:00.000Z");
const c = conversation("c", "2025-02-01T00:00:00.000Z");
const loaded = (current: string, ...conversations: Conversation[]): ContextsData => ({
  conversations,
  currentContextId: current,
  isLoading: false,
  hasReceivedSnapshot: true,
});

describe("contexts reducers", () => {
  it("starts loading with the loading marker", () => {
    expect(initialContextsData).toEqual({
      conversations: [],
      currentContextId: loadingContextId,
      isLoading: true,
      hasReceivedSnapshot: false,
    });
  });

  it("finds the most recently updated conversation", () => {
    expect(mostRecentlyUpdated([a, b, c])).toBe(b);
    expect(mostRecentlyUpdated([])).toBeUndefined();
  });

  it("keeps the loading marker after an empty snapshot but stops loading", () => {
    expect(applySnapshot(initialContextsData, [], "a")).toEqual({
      conversations: [],
      currentContextId: loadingContextId,
      isLoading: false,
      hasReceivedSnapshot: true,
    });
  });

  it("selects the remembered conversation, else the most recently updated one", () => {
    expect(applySnapshot(initialContextsData, [a, b, c], "c").currentContextId).toBe("c");
    expect(applySnapshot(initialContextsData, [a, b, c], "gone").currentContextId).toBe("b");
    expect(applySnapshot(initialContextsData, [a, b, c], null)).toEqual(loaded("b", a, b, c));
  });

  it("keeps the current conversation across a fresh snapshot that still lists it", () => {
    expect(applySnapshot(loaded("a", a, b), [a, b, c], "c").currentContextId).toBe("a");
    expect(applySnapshot(loaded("x", a), [a, c], null).currentContextId).toBe("c");
  });

  it("adds a created conversation first, selecting it only while loading", () => {
    expect(applyCreated(loaded(loadingContextId), a)).toEqual(loaded("a", a));
    expect(applyCreated(loaded("a", a), b)).toEqual(loaded("a", b, a));
  });

  it("does not duplicate a conversation created twice (reply and event)", () => {
    const renamed = { ...a, name: "Server name" };
    expect(applyCreated(loaded("b", a, b), renamed)).toEqual(loaded("b", renamed, b));
  });

  it("adopts another tab's conversation from a read, keeping the stream's newer counts", () => {
    // Not told of yet: added and selected, as a created one.
    expect(applyAdopted(loaded(loadingContextId), a)).toEqual(loaded("a", a));
    // The stream told of it and counted two messages while the read (one message) was on its way.
    const counted = { ...a, messageCount: 2, updatedAt: "2025-01-02T00:00:00.000Z" };
    const read = { ...a, messageCount: 1 };
    expect(applyAdopted(loaded(loadingContextId, counted), read)).toEqual(loaded("a", counted));
    expect(applyAdopted(loaded("b", counted, b), read)).toEqual(loaded("b", counted, b));
  });

  it("renames and sets updatedAt, ignoring unknown ids", () => {
    const state = loaded("a", a, b);
    const next = applyUpdated(state, {
      id: "a",
      name: "New",
      updatedAt: "2025-05-05T00:00:00.000Z",
    });
    expect(next.conversations[0]).toEqual({
      ...a,
      name: "New",
      updatedAt: "2025-05-05T00:00:00.000Z",
    });
    expect(next.conversations[1]).toBe(b);
    expect(applyUpdated(state, { id: "x", name: "New", updatedAt: "" })).toBe(state);
  });

  it("removes a deleted conversation; the current falls back to the first remaining", () => {
    expect(applyDeleted(loaded("b", a, b, c), "b")).toEqual(loaded("a", a, c));
    expect(applyDeleted(loaded("b", a, b, c), "c")).toEqual(loaded("b", a, b));
    const state = loaded("a", a);
    expect(applyDeleted(state, "x")).toBe(state);
  });

  it("falls back to the loading marker when the last conversation goes", () => {
    expect(applyDeleted(loaded("a", a), "a")).toEqual(loaded(loadingContextId));
  });

  it("updates message counts from statistics", () => {
    const next = applyStats(loaded("a", a), {
      id: "a",
      messageCount: 4,
      updatedAt: "2025-06-01T00:00:00.000Z",
    });
    expect(next.conversations[0]).toEqual({
      ...a,
      messageCount: 4,
      updatedAt: "2025-06-01T00:00:00.000Z",
    });
    const state = loaded("a", a);
    expect(applyStats(state, { id: "x", messageCount: 1, updatedAt: "" })).toBe(state);
  });

  it("restores a conversation at its former place unless it is back already", () => {
    expect(restoreConversation(loaded("a", a, c), b, 1)).toEqual(loaded("a", a, b, c));
    expect(restoreConversation(loaded("a", a), b, 5)).toEqual(loaded("a", a, b));
    const state = loaded("a", a, b);
    expect(restoreConversation(state, b, 0)).toBe(state);
  });
});
