import { describe, expect, it } from "vitest";
import { buildOutgoingMessage, outgoingToSdk } from "./outgoing-message.js";
import { messageFromSdk } from "./sdk-parts.js";

const file = { name: "notes.txt", mimeType: "text/plain", bytes: "aGVsbG8=", size: 5 };

describe("buildOutgoingMessage", () => {
  it("builds a user message with a text part, then one file part per file", () => {
    const message = buildOutgoingMessage({
      text: "Look",
      files: [file],
      contextId: "ctx-1",
      messageId: "m-1",
    });
    expect(message).toEqual({
      role: "user",
      messageId: "m-1",
      contextId: "ctx-1",
      parts: [
        { kind: "text", text: "Look" },
        { kind: "file", file: { name: "notes.txt", mimeType: "text/plain", bytes: "aGVsbG8=" } },
      ],
    });
  });

  it("leaves out an empty text and names the task when answering one", () => {
    const message = buildOutgoingMessage({
      text: "",
      files: [file],
      contextId: "ctx-1",
      taskId: "task-9",
    });
    expect(message.parts.map((p) => p.kind)).toEqual(["file"]);
    expect(message.taskId).toBe("task-9");
  });

  it("gives every message a fresh random id", () => {
    const a = buildOutgoingMessage({ text: "a", contextId: "c" });
    const b = buildOutgoingMessage({ text: "a", contextId: "c" });
    expect(a.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.messageId).not.toBe(b.messageId);
  });
});

describe("outgoingToSdk", () => {
  it("writes the SDK v1.0 shape: user role, text and raw file bytes", () => {
    const sdk = outgoingToSdk(
      buildOutgoingMessage({
        text: "Look",
        files: [file],
        contextId: "ctx-1",
        taskId: "t-1",
        messageId: "m-1",
      }),
    );
    expect(sdk).toMatchObject({ messageId: "m-1", contextId: "ctx-1", taskId: "t-1", role: 1 });
    expect(sdk.parts[0]).toMatchObject({
      content: { $case: "text", value: "Look" },
      mediaType: "text/plain",
    });
    const raw = sdk.parts[1];
    expect(raw).toMatchObject({
      filename: "notes.txt",
      mediaType: "text/plain",
      content: { $case: "raw" },
    });
    expect(raw?.content?.$case === "raw" && new TextDecoder().decode(raw.content.value)).toBe(
      "hello",
    );
  });

  it("round-trips through the incoming converter unchanged", () => {
    const outgoing = buildOutgoingMessage({
      text: "Look",
      files: [file],
      contextId: "ctx-1",
      messageId: "m-1",
    });
    const back = messageFromSdk(outgoingToSdk(outgoing));
    expect(back).toEqual({
      messageId: "m-1",
      role: "user",
      parts: outgoing.parts,
      contextId: "ctx-1",
    });
  });
});
