import type { Artifact as SdkArtifact, Message as SdkMessage, StreamResponse } from "@a2a-js/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventsFromSdk, eventsFromStreamResult, isFinalState } from "./sdk-events.js";

const fallback = { agentName: "assistant", now: "2025-01-01T00:00:09.000Z" };

function sdkText(text: string) {
  return {
    content: { $case: "text" as const, value: text },
    metadata: undefined,
    filename: "",
    mediaType: "text/plain",
  };
}

function sdkMessage(text: string, metadata?: Record<string, unknown>): SdkMessage {
  return {
    messageId: "reply-1",
    contextId: "ctx-1",
    taskId: "task-1",
    role: 2,
    parts: [sdkText(text)],
    metadata,
    extensions: [],
    referenceTaskIds: [],
  };
}

function sdkArtifact(overrides: Partial<SdkArtifact> = {}): SdkArtifact {
  return {
    artifactId: "art-1",
    name: "Orders",
    description: "",
    parts: [
      {
        content: { $case: "data", value: { items: [] } },
        metadata: undefined,
        filename: "",
        mediaType: "application/json",
      },
    ],
    metadata: { artifact_type: "table" },
    extensions: [],
    ...overrides,
  };
}

const status = (state: number, message?: SdkMessage): StreamResponse => ({
  payload: {
    $case: "statusUpdate",
    value: {
      taskId: "task-1",
      contextId: "ctx-1",
      status: { state, message, timestamp: "2025-01-01T00:00:02.000Z" },
      metadata: undefined,
    },
  },
});

describe("eventsFromSdk (protocol 1.0)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns a delta status message into a text event", () => {
    const events = eventsFromSdk(status(2, sdkMessage("Hel", { a2a_chat_delta: true })), fallback);
    expect(events).toEqual([
      { type: "text", taskId: "task-1", contextId: "ctx-1", delta: "Hel", messageId: "reply-1" },
    ]);
  });

  it("keeps a final status with its full message and marks it final", () => {
    const [event] = eventsFromSdk(status(3, sdkMessage("Hello there")), fallback);
    expect(event).toEqual({
      type: "status",
      taskId: "task-1",
      contextId: "ctx-1",
      state: "completed",
      timestamp: "2025-01-01T00:00:02.000Z",
      final: true,
      message: {
        messageId: "reply-1",
        role: "agent",
        parts: [{ kind: "text", text: "Hello there" }],
        contextId: "ctx-1",
        taskId: "task-1",
      },
    });
  });

  it("marks working updates as not final and waiting states as final", () => {
    expect(eventsFromSdk(status(2), fallback)[0]).toMatchObject({ state: "working", final: false });
    expect(eventsFromSdk(status(6), fallback)[0]).toMatchObject({
      state: "input-required",
      final: true,
    });
    expect(eventsFromSdk(status(8), fallback)[0]).toMatchObject({
      state: "auth-required",
      final: true,
    });
  });

  it("carries the tool calls a status update's metadata records", () => {
    const call = {
      id: "c1",
      name: "query_orders",
      arguments: { region: "europe" },
      timestamp: "2025-01-01T00:00:01.000Z",
      result: { content: "3 rows", is_error: false },
    };
    const update = status(2);
    if (update.payload?.$case !== "statusUpdate") throw new Error("fixture");
    update.payload.value.metadata = { task_type: "agent_message", tool_calls: [call, { bad: 1 }] };
    expect(eventsFromSdk(update, fallback)[0]).toMatchObject({
      state: "working",
      toolCalls: [call],
    });
    expect(eventsFromSdk(status(2), fallback)[0]).not.toHaveProperty("toolCalls");
  });

  it("ignores a status with an unknown state, with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(eventsFromSdk(status(0), fallback)).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it("fills an artifact's missing required metadata the way the server does", () => {
    const response: StreamResponse = {
      payload: {
        $case: "artifactUpdate",
        value: {
          taskId: "task-1",
          contextId: "ctx-1",
          artifact: sdkArtifact({ metadata: undefined }),
          append: false,
          lastChunk: true,
          metadata: undefined,
        },
      },
    };
    const [event] = eventsFromSdk(response, fallback);
    expect(event).toEqual({
      type: "artifact",
      taskId: "task-1",
      append: false,
      lastChunk: true,
      artifact: {
        artifactId: "art-1",
        name: "Orders",
        parts: [{ kind: "data", data: { items: [] } }],
        metadata: {
          artifact_type: "json",
          created_at: fallback.now,
          context_id: "ctx-1",
          task_id: "task-1",
        },
      },
    });
  });

  it("keeps the artifact's own type and time", () => {
    const response: StreamResponse = {
      payload: {
        $case: "artifactUpdate",
        value: {
          taskId: "task-1",
          contextId: "ctx-1",
          artifact: sdkArtifact({
            metadata: { artifact_type: "chart", created_at: "2024-12-31T00:00:00.000Z" },
          }),
          append: true,
          lastChunk: false,
          metadata: undefined,
        },
      },
    };
    const [event] = eventsFromSdk(response, fallback);
    expect(event).toMatchObject({
      append: true,
      lastChunk: false,
      artifact: { metadata: { artifact_type: "chart", created_at: "2024-12-31T00:00:00.000Z" } },
    });
  });

  it("skips an artifact-update without artifact or artifactId, with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const update = (artifact: SdkArtifact | undefined): StreamResponse => ({
      payload: {
        $case: "artifactUpdate",
        value: {
          taskId: "task-1",
          contextId: "ctx-1",
          artifact,
          append: false,
          lastChunk: true,
          metadata: undefined,
        },
      },
    });
    expect(eventsFromSdk(update(undefined), fallback)).toEqual([]);
    expect(eventsFromSdk(update(sdkArtifact({ artifactId: "" })), fallback)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("converts a task, filling metadata an external agent left out", () => {
    const response: StreamResponse = {
      payload: {
        $case: "task",
        value: {
          id: "task-1",
          contextId: "ctx-1",
          status: { state: 1, message: undefined, timestamp: "2025-01-01T00:00:00.000Z" },
          history: [{ ...sdkMessage("hi"), role: 1, messageId: "m-user" }],
          artifacts: [sdkArtifact()],
          metadata: undefined,
        },
      },
    };
    const [event] = eventsFromSdk(response, fallback);
    expect(event).toMatchObject({
      type: "task",
      task: {
        id: "task-1",
        status: { state: "submitted", timestamp: "2025-01-01T00:00:00.000Z" },
        history: [{ messageId: "m-user", role: "user", parts: [{ kind: "text", text: "hi" }] }],
        artifacts: [
          {
            artifactId: "art-1",
            metadata: { artifact_type: "table", context_id: "ctx-1", task_id: "task-1" },
          },
        ],
        metadata: {
          task_type: "agent_message",
          agent_name: "assistant",
          created_at: "2025-01-01T00:00:00.000Z",
        },
      },
    });
  });

  it("converts a message, file bytes included", () => {
    const raw = Uint8Array.from([104, 105]);
    const response: StreamResponse = {
      payload: {
        $case: "message",
        value: {
          ...sdkMessage("see file"),
          parts: [
            sdkText("see file"),
            {
              content: { $case: "raw", value: Buffer.from(raw) },
              metadata: undefined,
              filename: "a.txt",
              mediaType: "text/plain",
            },
          ],
        },
      },
    };
    const [event] = eventsFromSdk(response, fallback);
    expect(event).toEqual({
      type: "message",
      message: {
        messageId: "reply-1",
        role: "agent",
        contextId: "ctx-1",
        taskId: "task-1",
        parts: [
          { kind: "text", text: "see file" },
          { kind: "file", file: { name: "a.txt", mimeType: "text/plain", bytes: "aGk=" } },
        ],
      },
    });
  });
});

describe("eventsFromStreamResult", () => {
  it("tells the two shapes apart", () => {
    expect(
      eventsFromStreamResult(status(2, sdkMessage("a", { a2a_chat_delta: true })), fallback),
    ).toEqual([
      { type: "text", taskId: "task-1", contextId: "ctx-1", delta: "a", messageId: "reply-1" },
    ]);
    expect(
      eventsFromStreamResult(
        {
          kind: "status-update",
          taskId: "t",
          contextId: "c",
          status: { state: "failed" },
          final: true,
        },
        fallback,
      ),
    ).toMatchObject([{ type: "status", state: "failed", final: true, timestamp: fallback.now }]);
  });
});

describe("isFinalState", () => {
  it("is true for terminal and waiting states only", () => {
    const final = [
      "completed",
      "failed",
      "canceled",
      "rejected",
      "input-required",
      "auth-required",
    ] as const;
    expect(final.every(isFinalState)).toBe(true);
    expect(isFinalState("working")).toBe(false);
    expect(isFinalState("submitted")).toBe(false);
  });
});
