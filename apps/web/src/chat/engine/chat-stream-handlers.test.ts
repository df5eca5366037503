import type { StreamEnvelope } from "@a2a-chat/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dispatchStreamEvent } from "../../api/stream-event.js";
import { resetAllStores } from "../../stores/reset.js";
import { useChatStore } from "./chat-store.js";
import { chatStreamHandlers } from "./chat-stream-handlers.js";
import { chatMessage, testArtifact, testTask, textMessage } from "./engine-fixtures.js";

const chat = () => useChatStore.getState();
const ids = () => chat().messagesByContext["ctx-1"]?.map((m) => m.id);

function deliver(type: StreamEnvelope["event_type"], data: unknown) {
  dispatchStreamEvent(chatStreamHandlers, {
    event_type: type,
    context_id: "ctx-1",
    user_id: "anon-1",
    data,
    timestamp: "2025-01-01T00:00:09.000Z",
  });
}

const task = testTask({
  history: [textMessage("u1", "user", "hi"), textMessage("r1", "agent", "Hello!")],
});
const base = { task_id: "task-1", status: "completed", timestamp: "2025-01-01T00:00:05.000Z" };

beforeEach(() => {
  resetAllStores();
  useChatStore.setState({ messagesByContext: { "ctx-1": [] } });
});
afterEach(() => vi.restoreAllMocks());

describe("chatStreamHandlers", () => {
  it("adds a reply completed elsewhere to its loaded conversation, once", () => {
    deliver("task_completed", { ...base, task });
    deliver("task_completed", { ...base, task });
    expect(ids()).toEqual(["u1", "r1"]);
    expect(chat().tasksById["task-1"]).toEqual(task);
  });

  it("stores created tasks and tracks their status changes", () => {
    deliver("task_created", {
      ...base,
      status: "submitted",
      task: {
        ...task,
        status: { state: "submitted", timestamp: "2025-01-01T00:00:01.000Z" },
        history: [textMessage("u1", "user", "hi")],
      },
    });
    expect(ids()).toEqual(["u1"]);
    deliver("task_status_changed", {
      task_id: "task-1",
      status: "input-required",
      timestamp: "2025-01-01T00:00:02.000Z",
      message: textMessage("q1", "agent", "Which?"),
    });
    expect(chat().tasksById["task-1"]?.status.state).toBe("input-required");
    expect(chat().pendingInputRequests["task-1"]).toMatchObject({
      message: "Which?",
      messageId: "q1",
    });
  });

  it("ignores an unknown status value with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    deliver("task_status_changed", {
      task_id: "task-1",
      status: "sleeping",
      timestamp: "2025-01-01T00:00:02.000Z",
    });
    expect(warn).toHaveBeenCalled();
    expect(chat().pendingInputRequests).toEqual({});
  });

  it("adds messages without duplicating what this tab streams or already shows", () => {
    useChatStore.setState({
      messagesByContext: {
        "ctx-1": [
          chatMessage({ id: "u1", role: "user", content: "hi", isOptimistic: true }),
          chatMessage({
            id: "p",
            role: "assistant",
            content: "Hel",
            taskId: "task-1",
            isStreaming: true,
            isOptimistic: true,
            timestamp: "2025-01-01T00:00:01.000Z",
          }),
        ],
      },
    });
    const added = (message: ReturnType<typeof textMessage>) => ({
      task_id: "task-1",
      message,
      created_at: "2025-01-01T00:00:02.000Z",
    });
    deliver("message_added", added(textMessage("u1", "user", "hi")));
    deliver("message_added", added(textMessage("r1", "agent", "Hello!")));
    expect(ids()).toEqual(["u1", "p"]);
    expect(chat().messagesByContext["ctx-1"]?.[0]?.isOptimistic).toBeUndefined();
  });

  it("adds created artifacts to the task's reply, replacing the one they supersede", () => {
    useChatStore.setState({
      messagesByContext: {
        "ctx-1": [
          chatMessage({
            id: "r1",
            role: "assistant",
            taskId: "task-1",
            artifacts: [testArtifact("old")],
          }),
        ],
      },
    });
    deliver("artifact_created", {
      task_id: "task-1",
      artifact: testArtifact("new"),
      replaced_artifact_id: "old",
    });
    expect(chat().messagesByContext["ctx-1"]?.[0]?.artifacts.map((a) => a.artifactId)).toEqual([
      "new",
    ]);
  });

  it("skips invalid data with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    deliver("artifact_created", {
      task_id: "task-1",
      artifact: { artifactId: "x", parts: [], metadata: {} },
    });
    deliver("message_added", { nope: true });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(ids()).toEqual([]);
  });
});
