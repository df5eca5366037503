import { afterEach, describe, expect, it, vi } from "vitest";
import { eventsFromV03 } from "./sdk-events.js";

const fallback = { agentName: "assistant", now: "2025-01-01T00:00:09.000Z" };

describe("eventsFromV03 (protocol 0.3)", () => {
  afterEach(() => vi.restoreAllMocks());

  const v03Status = (state: string, message?: unknown, final = false) => ({
    kind: "status-update",
    taskId: "task-1",
    contextId: "ctx-1",
    status: { state, message, timestamp: "2025-01-01T00:00:02.000Z" },
    final,
  });
  const agentMessage = (text: string, metadata?: unknown) => ({
    kind: "message",
    messageId: "reply-1",
    role: "agent",
    parts: [{ kind: "text", text }],
    metadata,
  });

  it("turns a delta status message into a text event", () => {
    const events = eventsFromV03(
      v03Status("working", agentMessage("lo", { a2a_chat_delta: true })),
      fallback,
    );
    expect(events).toEqual([
      { type: "text", taskId: "task-1", contextId: "ctx-1", delta: "lo", messageId: "reply-1" },
    ]);
  });

  it("keeps the final flag and the full message of a status", () => {
    const [event] = eventsFromV03(v03Status("completed", agentMessage("Hello"), true), fallback);
    expect(event).toMatchObject({
      type: "status",
      state: "completed",
      final: true,
      message: { messageId: "reply-1", role: "agent", parts: [{ kind: "text", text: "Hello" }] },
    });
    expect(eventsFromV03(v03Status("working"), fallback)[0]).toMatchObject({ final: false });
  });

  it("converts artifact updates and fills required metadata", () => {
    const [event] = eventsFromV03(
      {
        kind: "artifact-update",
        taskId: "task-1",
        contextId: "ctx-1",
        artifact: {
          artifactId: "art-2",
          parts: [{ kind: "text", text: "# Notes" }],
          metadata: { artifact_type: "markdown" },
        },
        lastChunk: true,
      },
      fallback,
    );
    expect(event).toEqual({
      type: "artifact",
      taskId: "task-1",
      append: false,
      lastChunk: true,
      artifact: {
        artifactId: "art-2",
        parts: [{ kind: "text", text: "# Notes" }],
        metadata: {
          artifact_type: "markdown",
          created_at: fallback.now,
          context_id: "ctx-1",
          task_id: "task-1",
        },
      },
    });
  });

  it("skips an artifact-update without artifact or artifactId, with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(
      eventsFromV03({ kind: "artifact-update", taskId: "task-1", contextId: "ctx-1" }, fallback),
    ).toEqual([]);
    expect(
      eventsFromV03(
        { kind: "artifact-update", taskId: "t", contextId: "c", artifact: { parts: [] } },
        fallback,
      ),
    ).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("converts tasks and messages with file parts", () => {
    const [task] = eventsFromV03(
      {
        kind: "task",
        id: "task-1",
        contextId: "ctx-1",
        status: {
          state: "input-required",
          timestamp: "2025-01-01T00:00:03.000Z",
          message: agentMessage("Which one?"),
        },
        history: [
          {
            kind: "message",
            messageId: "m1",
            role: "user",
            parts: [
              { kind: "file", file: { name: "a.png", mimeType: "image/png", bytes: "aGk=" } },
            ],
          },
        ],
        metadata: {
          task_type: "agent_message",
          agent_name: "other",
          created_at: "2025-01-01T00:00:00.000Z",
        },
      },
      fallback,
    );
    expect(task).toMatchObject({
      type: "task",
      task: {
        status: {
          state: "input-required",
          message: { parts: [{ kind: "text", text: "Which one?" }] },
        },
        history: [
          {
            role: "user",
            parts: [
              { kind: "file", file: { name: "a.png", mimeType: "image/png", bytes: "aGk=" } },
            ],
          },
        ],
        metadata: { agent_name: "other" },
      },
    });
    const [message] = eventsFromV03(agentMessage("Hi"), fallback);
    expect(message).toMatchObject({
      type: "message",
      message: { role: "agent", parts: [{ kind: "text", text: "Hi" }] },
    });
  });
});
