import type { ContextRecord } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { type Conversation, toConversation, toServerConversation } from "./conversation.js";

const record: ContextRecord = {
  context_id: "ctx-1",
  name: "Trip planning",
  created_at: "2025-01-01T10:00:00.000Z",
  updated_at: "2025-01-02T11:30:00.000Z",
  message_count: 7,
  task_count: 3,
  last_message_at: "2025-01-02T11:30:00.000Z",
};

const conversation: Conversation = {
  id: "ctx-1",
  name: "Trip planning",
  createdAt: "2025-01-01T10:00:00.000Z",
  updatedAt: "2025-01-02T11:30:00.000Z",
  messageCount: 7,
};

describe("conversation converters", () => {
  it("turns the server form into the client form, dropping fields the client does not keep", () => {
    expect(toConversation(record)).toEqual(conversation);
  });

  it("turns the client form back into the server form", () => {
    expect(toServerConversation(conversation)).toEqual({
      context_id: "ctx-1",
      name: "Trip planning",
      created_at: "2025-01-01T10:00:00.000Z",
      updated_at: "2025-01-02T11:30:00.000Z",
      message_count: 7,
    });
  });

  it("round-trips in both directions", () => {
    expect(toConversation(toServerConversation(conversation))).toEqual(conversation);
    const { task_count: _tasks, last_message_at: _last, ...kept } = record;
    expect(toServerConversation(toConversation(record))).toEqual(kept);
  });
});
