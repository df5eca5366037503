import { describe, expect, it } from "vitest";
import type { Conversation } from "../lib/conversation.js";
import { type ContextsData, initialContextsData, loadingContextId } from "./contexts-reducers.js";
import {
  contextNotInitializedMessage,
  noConversationSelectedMessage,
  selectCurrentConversation,
  selectIsLoadingConversations,
  selectSendBlockReason,
} from "./contexts-selectors.js";

const chat: Conversation = {
  id: "c1",
  name: "Chat",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  messageCount: 0,
};
const ready: ContextsData = {
  conversations: [chat],
  currentContextId: "c1",
  isLoading: false,
  hasReceivedSnapshot: true,
};

describe("contexts selectors", () => {
  it("blocks sending until a snapshot arrived", () => {
    expect(contextNotInitializedMessage).toBe(
      "Cannot send message: Context not initialized. Please wait for contexts to load.",
    );
    expect(selectSendBlockReason(initialContextsData)).toBe(contextNotInitializedMessage);
  });

  it("blocks sending without a current conversation", () => {
    expect(noConversationSelectedMessage).toBe(
      "No conversation selected. Please wait for context to initialize.",
    );
    const empty = { ...ready, conversations: [], currentContextId: loadingContextId };
    expect(selectSendBlockReason(empty)).toBe(noConversationSelectedMessage);
  });

  it("allows sending with a snapshot and a current conversation", () => {
    expect(selectSendBlockReason(ready)).toBeNull();
    expect(selectCurrentConversation(ready)).toBe(chat);
  });

  it("counts as loading until a conversation is selected", () => {
    expect(selectIsLoadingConversations(initialContextsData)).toBe(true);
    expect(selectIsLoadingConversations({ ...ready, currentContextId: loadingContextId })).toBe(
      true,
    );
    expect(selectIsLoadingConversations(ready)).toBe(false);
  });
});
