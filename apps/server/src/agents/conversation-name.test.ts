import { Role } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { conversationNameOf, startedConversationName } from "./conversation-name.js";

const message = (...texts: string[]) => ({
  messageId: "m",
  contextId: "",
  taskId: "",
  role: Role.ROLE_USER,
  parts: texts.map((value) => ({
    content: { $case: "text" as const, value },
    mediaType: "text/plain",
    filename: "",
    metadata: undefined,
  })),
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

describe("conversationNameOf", () => {
  it("takes the first line of the text, spaces folded", () => {
    expect(conversationNameOf(message("  Plan a   trip\nto Rome"))).toBe("Plan a trip");
  });

  it("shortens long text to 60 characters with an ellipsis", () => {
    const name = conversationNameOf(message("word ".repeat(100_000)));
    expect(Array.from(name)).toHaveLength(60);
    expect(name.endsWith("…")).toBe(true);
  });

  it("names a message without text 'New conversation'", () => {
    expect(conversationNameOf(message())).toBe(startedConversationName);
    expect(conversationNameOf(message("   \n  "))).toBe(startedConversationName);
  });
});
