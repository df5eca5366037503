import { TaskState } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { messageToSdk } from "./sdk-convert.js";
import { deltaMetadataKey } from "./stored-task-store.js";
import { deltaStatusUpdate, StreamedReplies } from "./streamed-replies.js";

const textOf = (event: ReturnType<StreamedReplies["soFar"]>) =>
  (event?.status?.message?.parts ?? [])
    .map((part) => (part.content?.$case === "text" ? part.content.value : ""))
    .join("");

describe("deltaStatusUpdate", () => {
  it("is a working status whose agent message is marked as a delta", () => {
    const event = deltaStatusUpdate("t1", { contextId: "c1", messageId: "m1", text: "Hi" });
    expect(event).toMatchObject({ taskId: "t1", contextId: "c1" });
    expect(event.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    expect(event.status?.message).toMatchObject({
      messageId: "m1",
      taskId: "t1",
      metadata: { [deltaMetadataKey]: true },
    });
    expect(textOf(event)).toBe("Hi");
    // Built directly, it is the message messageToSdk makes of the piece, marked as a delta.
    const piece = { contextId: "c1", taskId: "t1", messageId: "m1", role: "agent" as const };
    expect(event.status?.message).toEqual({
      ...messageToSdk({ ...piece, parts: [{ kind: "text", text: "Hi" }] }),
      metadata: { [deltaMetadataKey]: true },
    });
  });
});

describe("StreamedReplies", () => {
  it("joins the pieces of a task's reply, starts over on a new reply and forgets ended tasks", () => {
    const replies = new StreamedReplies();
    expect(replies.soFar("t1")).toBeUndefined();
    replies.add("t1", { contextId: "c1", messageId: "m1", text: "The " });
    replies.add("t1", { contextId: "c1", messageId: "m1", text: "answer" });
    replies.add("t2", { contextId: "c1", messageId: "m9", text: "Other" });
    expect(textOf(replies.soFar("t1"))).toBe("The answer");
    expect(replies.soFar("t1")?.status?.message?.messageId).toBe("m1");
    replies.add("t1", { contextId: "c1", messageId: "m2", text: "Next" });
    expect(textOf(replies.soFar("t1"))).toBe("Next");
    replies.end("t1");
    expect(replies.soFar("t1")).toBeUndefined();
    expect(textOf(replies.soFar("t2"))).toBe("Other");
  });

  it("has nothing to say for a reply that streamed only empty text", () => {
    const replies = new StreamedReplies();
    replies.add("t1", { contextId: "c1", messageId: "m1", text: "" });
    expect(replies.soFar("t1")).toBeUndefined();
  });
});
