import { welcomeMetadataKey } from "@a2a-chat/contracts";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Agent } from "../../api/agent-types.js";
import { readStorage, storageKeys, writeStorage } from "../../lib/storage.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { anonymousReply } from "../../test/jwt-fixture.js";
import { contextRecord } from "../../test/sse-fixture.js";
import { setAgentClientFactory } from "./agent-clients.js";
import { FakeAgentClient, testAgent } from "./engine-fixtures.js";
import { useWelcomeMessage, welcomeDelayMs, welcomeMessageText } from "./useWelcomeMessage.js";

let fake: FakeAgentClient;
const sentTexts = () =>
  fake.sent.map((s) => s.message.parts.map((p) => (p.kind === "text" ? p.text : "")).join(""));
const loadContexts = () =>
  act(() => useContextsStore.getState().receiveSnapshot([contextRecord("ctx-1")]));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
  resetAllStores();
  fake = new FakeAgentClient();
  setAgentClientFactory(() => fake);
});

afterEach(() => {
  setAgentClientFactory();
  vi.useRealTimers();
});

describe("useWelcomeMessage", () => {
  it("sends the greeting 500 ms after agent, conversation and token exist, once", async () => {
    loadContexts();
    const { rerender } = renderHook(
      ({ agent }: { agent: Agent | null }) => useWelcomeMessage(agent),
      {
        initialProps: { agent: testAgent() },
      },
    );
    expect(readStorage(storageKeys.firstVisit)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(welcomeDelayMs - 1));
    expect(fake.sent).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sentTexts()).toEqual([welcomeMessageText]);
    expect(welcomeMessageText).toBe("Hello A2A Chat!");
    rerender({ agent: testAgent({ name: "other" }) });
    await act(() => vi.advanceTimersByTimeAsync(welcomeDelayMs * 2));
    expect(fake.sent).toHaveLength(1);
  });

  it("marks the greeting's text part as the chat's own, so signing in can tell it from typed text", async () => {
    loadContexts();
    renderHook(() => useWelcomeMessage(testAgent()));
    await act(() => vi.advanceTimersByTimeAsync(welcomeDelayMs));
    expect(fake.sent[0]?.message.parts).toEqual([
      { kind: "text", text: welcomeMessageText, metadata: { [welcomeMetadataKey]: true } },
    ]);
    expect(welcomeMetadataKey).toBe("a2a_chat_welcome");
  });

  it("waits for the conversation to load", async () => {
    renderHook(() => useWelcomeMessage(testAgent()));
    await act(() => vi.advanceTimersByTimeAsync(welcomeDelayMs));
    expect(fake.sent).toHaveLength(0);
    expect(readStorage(storageKeys.firstVisit)).toBeNull();
    loadContexts();
    await act(() => vi.advanceTimersByTimeAsync(welcomeDelayMs));
    expect(sentTexts()).toEqual([welcomeMessageText]);
  });

  it("sends nothing on a later visit, without an agent, or without a token", async () => {
    loadContexts();
    writeStorage(storageKeys.firstVisit, "true");
    renderHook(() => useWelcomeMessage(testAgent()));
    localStorage.clear();
    renderHook(() => useWelcomeMessage(null));
    act(() => useAuthStore.getState().clearAuth());
    renderHook(() => useWelcomeMessage(testAgent()));
    await act(() => vi.advanceTimersByTimeAsync(welcomeDelayMs * 2));
    expect(fake.sent).toHaveLength(0);
  });

  it("skips agents that require sign-in for a visitor who has not signed in", async () => {
    loadContexts();
    renderHook(() => useWelcomeMessage(testAgent({ security: [{ bearer: ["user"] }] })));
    await act(() => vi.advanceTimersByTimeAsync(welcomeDelayMs * 2));
    expect(fake.sent).toHaveLength(0);
    expect(readStorage(storageKeys.firstVisit)).toBeNull();
  });
});
