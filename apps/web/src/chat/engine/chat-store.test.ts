import { describe, expect, it } from "vitest";
import { resetAllStores } from "../../stores/reset.js";
import { initialChatData } from "./chat-data.js";
import { findRun, startRun } from "./chat-runs.js";
import { chatEpoch, useChatStore } from "./chat-store.js";
import { chatMessage, FakeAgentClient } from "./engine-fixtures.js";

describe("useChatStore", () => {
  it("starts empty", () => {
    resetAllStores();
    const {
      reset: _r,
      clearError: _c,
      setError: _s,
      setConnectionError: _x,
      ...data
    } = useChatStore.getState();
    expect(data).toEqual(initialChatData);
  });

  it("is reset with all stores: data cleared, epoch moved on, running streams stopped", () => {
    useChatStore.setState({
      messagesByContext: { c: [chatMessage({ id: "m" })] },
      sending: true,
      error: "x",
    });
    const run = startRun({
      client: new FakeAgentClient(),
      target: { contextId: "c", messageId: "m" },
      kind: "send",
      epoch: chatEpoch(),
    });
    const before = chatEpoch();
    resetAllStores();
    expect(useChatStore.getState()).toMatchObject({
      messagesByContext: {},
      sending: false,
      error: null,
    });
    expect(chatEpoch()).toBe(before + 1);
    expect(run.controller.signal.aborted).toBe(true);
    expect(findRun(() => true)).toBeUndefined();
  });

  it("sets and clears errors", () => {
    useChatStore.getState().setError("Oops");
    useChatStore.getState().setConnectionError("Down");
    expect(useChatStore.getState()).toMatchObject({ error: "Oops", connectionError: "Down" });
    useChatStore.getState().clearError();
    expect(useChatStore.getState().error).toBeNull();
    useChatStore.getState().reset();
    expect(useChatStore.getState().connectionError).toBeNull();
  });
});
