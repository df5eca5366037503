import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys, writeStorage } from "../lib/storage.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { resetAllStores } from "../stores/reset.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { contextRecord, jsonReply } from "../test/sse-fixture.js";
import { ConversationView } from "./ConversationView.js";
import { setAgentClientFactory } from "./engine/agent-clients.js";
import { useChatStore } from "./engine/chat-store.js";
import { chatMessage, FakeAgentClient, testAgent } from "./engine/engine-fixtures.js";

describe("ConversationView", () => {
  beforeEach(() => {
    localStorage.clear();
    resetAllStores();
  });

  it("shows 'Loading conversations...' until a conversation is selected", () => {
    render(<ConversationView />);
    expect(screen.getByText("Loading conversations...")).toHaveAttribute("aria-live", "polite");
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("shows the current conversation's name, short id and message count", () => {
    useContextsStore
      .getState()
      .receiveSnapshot([contextRecord("0123456789abcdef", { name: "Trip", message_count: 3 })]);
    render(<ConversationView />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Trip");
    expect(screen.getByText("ID: 01234567")).toHaveAttribute("title", "0123456789abcdef");
    expect(screen.getByText("3 messages")).toBeInTheDocument();
    expect(screen.queryByText("Loading conversations...")).not.toBeInTheDocument();
  });

  it("says '1 message' for a single message", () => {
    useContextsStore.getState().receiveSnapshot([contextRecord("c1", { message_count: 1 })]);
    render(<ConversationView />);
    expect(screen.getByText("1 message")).toBeInTheDocument();
  });

  it("gives each conversation a list of its own, so no scroll state carries over", () => {
    useContextsStore.getState().receiveSnapshot([contextRecord("c1"), contextRecord("c2")]);
    const message = (id: string, contextId: string) =>
      chatMessage({ id, contextId, parts: [{ kind: "text", text: `Hello ${id}` }] });
    useChatStore.setState({
      messagesByContext: { c1: [message("m1", "c1")], c2: [message("m2", "c2")] },
      historyStatus: { c1: "loaded", c2: "loaded" },
    });
    const current = () => useContextsStore.getState().currentContextId;
    const other = current() === "c1" ? "c2" : "c1";
    render(<ConversationView />);
    const first = screen.getByRole("log", { name: "Messages" });
    act(() => useContextsStore.getState().switchContext(other));
    const second = screen.getByRole("log", { name: "Messages" });
    expect(second).not.toBe(first);
    expect(first).not.toBeInTheDocument();
  });

  it("shows errors in a dismissible banner titled 'Error'", async () => {
    useContextsStore.getState().switchContext("missing");
    render(<ConversationView />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("ErrorCannot switch to non-existent context: missing");
    await userEvent.setup().click(screen.getByRole("button", { name: "Dismiss error" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(useContextsStore.getState().error).toBeNull();
  });

  describe("with an agent", () => {
    beforeEach(() => {
      // Not a first visit: the greeting would go out 500 ms after the render and hold the
      // conversation busy with its reply, so a click that comes later on a busy machine would
      // be refused.
      writeStorage(storageKeys.firstVisit, "true");
      // No server: the conversation's history is empty. jsdom has no layout: give the message
      // list a height and its rows one, so the virtualised list renders them.
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonReply(200, [])),
      );
      vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (
        this: HTMLElement,
      ) {
        return this.getAttribute("role") === "log" ? 600 : 0;
      });
      vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (
        this: HTMLElement,
      ) {
        return this.hasAttribute("data-index") ? 300 : 0;
      });
    });
    afterEach(() => {
      setAgentClientFactory();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it("marks a card's button sent as soon as its message is on its way, before the reply ends", async () => {
      useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
      useContextsStore.getState().receiveSnapshot([contextRecord("c1")]);
      const agent = testAgent();
      useAgentsStore.setState({ agents: [agent], selectedAgentUrl: agent.url });
      const fake = new FakeAgentClient();
      // A reply that never ends: the mark must not wait for it.
      fake.onSend = () => ({
        [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }),
      });
      setAgentClientFactory(() => fake);
      const card = {
        artifactId: "card-1",
        name: "Welcome",
        parts: [
          {
            kind: "data" as const,
            data: { title: "Hi", ctas: [{ id: "a", label: "Go", message: "Show me orders" }] },
          },
        ],
        metadata: {
          artifact_type: "presentation_card",
          context_id: "c1",
          created_at: "2025-01-01",
        },
      };
      useChatStore.setState({
        messagesByContext: {
          c1: [
            chatMessage({
              id: "m1",
              role: "assistant",
              contextId: "c1",
              artifacts: [card],
              parts: [{ kind: "text", text: "Here" }],
            }),
          ],
        },
        historyStatus: { c1: "loaded" },
      });
      render(<ConversationView />);
      await userEvent.setup().click(await screen.findByRole("button", { name: "Go" }));
      expect(await screen.findByRole("img", { name: "Sent" })).toBeInTheDocument();
      expect(fake.sent.map((s) => s.message.parts)).toEqual([
        [{ kind: "text", text: "Show me orders" }],
      ]);
    });
  });
});
