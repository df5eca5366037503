import { describe, expect, it } from "vitest";
import type { ChatStreamEvent } from "../model/chat-types.js";
import { type ChatData, initialChatData } from "./chat-data.js";
import { assistantPlaceholder } from "./chat-messages.js";
import { addOptimistic, applyStreamEvent, failStream, finishStream } from "./chat-reducers.js";
import { chatMessage, testArtifact, testTask, textMessage } from "./engine-fixtures.js";

const target = { contextId: "ctx-1", messageId: "p1" };
const user = chatMessage({ id: "u1", role: "user", content: "hi", isOptimistic: true });
const placeholder = assistantPlaceholder({
  id: "p1",
  contextId: "ctx-1",
  timestamp: "2025-01-01T00:00:00.000Z",
});

function started(): ChatData {
  return addOptimistic(initialChatData, { user, assistant: placeholder });
}
const reply = (data: ChatData) => data.messagesByContext["ctx-1"]?.find((m) => m.id === "p1");
const apply = (data: ChatData, ...events: ChatStreamEvent[]) =>
  events.reduce((next, event) => applyStreamEvent(next, target, event), data);
const text = (delta: string): ChatStreamEvent => ({
  type: "text",
  taskId: "task-1",
  contextId: "ctx-1",
  delta,
});
const status = (
  state: "working" | "completed" | "input-required" | "auth-required",
  message?: string,
): Extract<ChatStreamEvent, { type: "status" }> => ({
  type: "status",
  taskId: "task-1",
  contextId: "ctx-1",
  state,
  timestamp: "2025-01-01T00:00:02.000Z",
  final: state !== "working",
  ...(message ? { message: textMessage("reply-1", "agent", message) } : {}),
});
const artifactEvent = (
  artifact = testArtifact("a1"),
  append = false,
  lastChunk = true,
): ChatStreamEvent => ({
  type: "artifact",
  taskId: "task-1",
  artifact,
  append,
  lastChunk,
});

describe("addOptimistic", () => {
  it("adds the user message and a streaming assistant placeholder", () => {
    const data = started();
    expect(data.messagesByContext["ctx-1"]?.map((m) => [m.id, m.role, m.isStreaming])).toEqual([
      ["u1", "user", false],
      ["p1", "assistant", true],
    ]);
  });

  it("adds nothing twice", () => {
    const again = addOptimistic(started(), { user, assistant: placeholder });
    expect(again.messagesByContext["ctx-1"]).toHaveLength(2);
  });
});

describe("applyStreamEvent", () => {
  it("accumulates text chunks into content and the text part", () => {
    const data = apply(started(), text("Hel"), text("lo"));
    expect(reply(data)).toMatchObject({
      content: "Hello",
      parts: [{ kind: "text", text: "Hello" }],
      taskId: "task-1",
    });
  });

  it("leaves data untouched for an empty chunk or an unknown message", () => {
    const data = started();
    expect(apply(data, text(""))).toBe(data);
    expect(applyStreamEvent(data, { contextId: "ctx-1", messageId: "nope" }, text("x"))).toBe(data);
  });

  it("takes the full reply from the final status message", () => {
    const data = apply(started(), text("Hel"), status("completed", "Hello there"));
    expect(reply(data)).toMatchObject({ content: "Hello there", taskState: "completed" });
  });

  it("keeps the accumulated text when a working status has no message", () => {
    const data = apply(started(), text("Hel"), status("working"));
    expect(reply(data)).toMatchObject({ content: "Hel", taskState: "working" });
    expect(data.activeTaskByContext).toEqual({ "ctx-1": "task-1" });
  });

  it("shows the tool calls a status reports, then those of the final task", () => {
    const call = { id: "c1", name: "sales_chart", arguments: {}, timestamp: "t" };
    const working = { ...status("working"), toolCalls: [call] };
    const data = apply(started(), working);
    expect(reply(data)?.toolCalls).toEqual([call]);
    // A status without calls keeps the ones shown.
    expect(reply(apply(data, status("working")))?.toolCalls).toEqual([call]);
  });

  it("registers an input request per task and removes it when the task goes on", () => {
    const asked = apply(started(), status("input-required", "Which region?"));
    expect(asked.pendingInputRequests).toEqual({
      "task-1": {
        taskId: "task-1",
        messageId: "reply-1",
        message: "Which region?",
        timestamp: "2025-01-01T00:00:02.000Z",
      },
    });
    expect(asked.activeTaskByContext).toEqual({});
    const resumed = apply(asked, status("working"));
    expect(resumed.pendingInputRequests).toEqual({});
  });

  it("registers an auth request per task", () => {
    const data = apply(started(), status("auth-required", "Please sign in"));
    expect(data.pendingAuthRequests["task-1"]).toMatchObject({ message: "Please sign in" });
    expect(data.pendingInputRequests).toEqual({});
  });

  it("adds artifacts, tracks chunks still streaming, and appends parts of a chunk", () => {
    const first = testArtifact("a1", {}, [{ kind: "text", text: "A" }]);
    const chunk = testArtifact("a1", {}, [{ kind: "text", text: "B" }]);
    const streaming = apply(started(), artifactEvent(first, false, false));
    expect(reply(streaming)?.streamingArtifacts).toEqual(["a1"]);
    const done = apply(streaming, artifactEvent(chunk, true, true));
    expect(reply(done)?.artifacts[0]?.parts).toEqual([
      { kind: "text", text: "A" },
      { kind: "text", text: "B" },
    ]);
    expect(reply(done)?.streamingArtifacts).toEqual([]);
  });

  it("replaces the artifact with the same fingerprint, never by an older one", () => {
    const first = testArtifact("a1", { fingerprint: "f", created_at: "2025-01-01T00:00:03.000Z" });
    const newer = testArtifact("a2", { fingerprint: "f", created_at: "2025-01-01T00:00:04.000Z" });
    const older = testArtifact("a3", { fingerprint: "f", created_at: "2025-01-01T00:00:01.000Z" });
    const data = apply(started(), artifactEvent(first), artifactEvent(newer), artifactEvent(older));
    expect(reply(data)?.artifacts.map((a) => a.artifactId)).toEqual(["a2"]);
  });

  it("makes the placeholder final when the final task arrives: task stored, artifacts added", () => {
    const task = testTask({
      history: [textMessage("u1", "user", "hi"), textMessage("reply-1", "agent", "Hello!")],
      artifacts: [testArtifact("a1")],
    });
    const data = apply(started(), text("Hel"), { type: "task", task });
    expect(reply(data)).toMatchObject({
      content: "Hello!",
      isStreaming: false,
      taskState: "completed",
      task,
    });
    expect(reply(data)?.artifacts.map((a) => a.artifactId)).toEqual(["a1"]);
    expect(data.tasksById["task-1"]).toBe(task);
    expect(data.taskIds).toEqual(["task-1"]);
  });

  it("keeps streaming and the text on a task that is not final yet", () => {
    const task = testTask({ state: "submitted" });
    const data = apply(started(), text("Hel"), { type: "task", task });
    expect(reply(data)).toMatchObject({
      content: "Hel",
      isStreaming: true,
      taskState: "submitted",
    });
    expect(data.activeTaskByContext["ctx-1"]).toBe("task-1");
  });

  it("updates the stored task's state and artifacts from status and artifact events", () => {
    const submitted = testTask({
      status: { state: "submitted", timestamp: "2025-01-01T00:00:00.000Z" },
    });
    const data = apply(
      started(),
      { type: "task", task: submitted },
      artifactEvent(),
      status("completed", "Done"),
    );
    expect(data.tasksById["task-1"]?.status.state).toBe("completed");
    expect(data.tasksById["task-1"]?.artifacts.map((a) => a.artifactId)).toEqual(["a1"]);
    const stale = apply(data, { ...status("working"), timestamp: "2024-12-31T00:00:00.000Z" });
    expect(stale.tasksById["task-1"]?.status.state).toBe("completed");
  });

  it("shows an agent message reply and ignores echoed user messages", () => {
    const echoed = apply(started(), { type: "message", message: textMessage("x", "user", "hi") });
    expect(reply(echoed)?.content).toBe("");
    const data = apply(started(), { type: "message", message: textMessage("m", "agent", "Hi!") });
    expect(reply(data)?.content).toBe("Hi!");
  });
});

describe("finishStream", () => {
  it("stops streaming and marks all streaming artifacts complete", () => {
    const streaming = {
      ...apply(started(), artifactEvent(testArtifact("a1"), false, false)),
      streamingMessageId: "p1",
    };
    const data = finishStream(streaming, target);
    expect(reply(data)).toMatchObject({ isStreaming: false, streamingArtifacts: [] });
    expect(data.streamingMessageId).toBeNull();
    expect(data.messagesByContext["ctx-1"]?.[0]).toBe(streaming.messagesByContext["ctx-1"]?.[0]);
  });

  it("leaves a finished message as it is", () => {
    const done = finishStream(started(), target);
    expect(finishStream(done, target)).toBe(done);
  });
});

describe("failStream", () => {
  it("removes the optimistic user and assistant messages", () => {
    const data = failStream(
      { ...started(), streamingMessageId: "p1" },
      { contextId: "ctx-1", userMessageId: "u1", assistantMessageId: "p1" },
    );
    expect(data.messagesByContext["ctx-1"]).toEqual([]);
    expect(data.streamingMessageId).toBeNull();
  });

  it("keeps messages the server already confirmed and every other message", () => {
    const confirmed = { ...user, isOptimistic: false };
    const other = chatMessage({ id: "older", content: "before" });
    const data = {
      ...initialChatData,
      messagesByContext: { "ctx-1": [other, confirmed, placeholder] },
    };
    const failed = failStream(data, {
      contextId: "ctx-1",
      userMessageId: "u1",
      assistantMessageId: "p1",
    });
    expect(failed.messagesByContext["ctx-1"]?.map((m) => m.id)).toEqual(["older", "u1"]);
  });
});
