import { describe, expect, it } from "vitest";
import { buildOutgoingMessage, outgoingToSdk } from "./outgoing-message.js";
import { messageFromSdk } from "./sdk-parts.js";

const uri = "http://localhost/api/v1/core/files/f-1";
const file = { name: "notes.txt", mimeType: "text/plain", size: 5_000_000, uri };

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
        {
          kind: "file",
          file: { name: "notes.txt", mimeType: "text/plain", uri },
          metadata: { size: 5_000_000 },
        },
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
  it("writes the SDK v1.0 shape: user role, text and the file's link with its size", () => {
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
    expect(sdk.parts[1]).toMatchObject({
      filename: "notes.txt",
      mediaType: "text/plain",
      content: { $case: "url", value: uri },
      metadata: { size: 5_000_000 },
    });
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
