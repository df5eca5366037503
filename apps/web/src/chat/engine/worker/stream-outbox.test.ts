import { describe, expect, it } from "vitest";
import type { ChatStreamEvent } from "../../model/chat-types.js";
import { type OutboxBatch, StreamOutbox } from "./stream-outbox.js";

const text = (delta: string, taskId = "task-1"): ChatStreamEvent => ({
  type: "text",
  taskId,
  contextId: "ctx-1",
  delta,
});
const status: ChatStreamEvent = {
  type: "status",
  taskId: "task-1",
  contextId: "ctx-1",
  state: "working",
  timestamp: "2025-01-01T00:00:00.000Z",
  final: false,
};

function outbox() {
  const sent: OutboxBatch[] = [];
  return { sent, box: new StreamOutbox((batch) => sent.push(batch)) };
}

describe("StreamOutbox", () => {
  it("sends the first event at once, then waits for the page's pull", () => {
    const { sent, box } = outbox();
    box.push(text("He"));
    expect(sent).toEqual([{ events: [text("He")] }]);
    box.push(text("ll"));
    box.push(text("o"));
    expect(sent).toHaveLength(1);
    box.pull();
    expect(sent[1]).toEqual({ events: [text("llo")] });
  });

  it("joins consecutive text of one task into one event whatever the number of tokens", () => {
    const { sent, box } = outbox();
    box.push(status);
    for (let i = 0; i < 1000; i += 1) box.push(text("w "));
    box.pull();
    expect(sent[1]?.events).toHaveLength(1);
    expect(sent[1]?.events[0]).toEqual(text("w ".repeat(1000)));
  });

  it("keeps the order of text and other events, and text of other tasks apart", () => {
    const { sent, box } = outbox();
    box.push(status);
    box.push(text("a"));
    box.push(text("b"));
    box.push(status);
    box.push(text("c"));
    box.push(text("x", "task-2"));
    box.pull();
    expect(sent[1]?.events).toEqual([text("ab"), status, text("c"), text("x", "task-2")]);
  });

  it("waits with a pull that finds nothing until the next event", () => {
    const { sent, box } = outbox();
    box.push(text("a"));
    box.pull();
    expect(sent).toHaveLength(1);
    box.push(text("b"));
    expect(sent[1]).toEqual({ events: [text("b")] });
  });

  it("sends the end with the last events, and nothing after it", () => {
    const { sent, box } = outbox();
    box.push(text("a"));
    box.push(text("b"));
    box.finish({ ok: false, error: { name: "AgentClientError", message: "Network error" } });
    expect(sent).toHaveLength(1);
    box.pull();
    expect(sent[1]).toEqual({
      events: [text("b")],
      end: { ok: false, error: { name: "AgentClientError", message: "Network error" } },
    });
    box.push(text("c"));
    box.pull();
    expect(sent).toHaveLength(2);
  });

  it("sends nothing once closed", () => {
    const { sent, box } = outbox();
    box.close();
    box.push(text("a"));
    box.finish({ ok: true });
    box.pull();
    expect(sent).toEqual([]);
  });
});
