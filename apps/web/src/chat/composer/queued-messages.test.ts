import { describe, expect, it } from "vitest";
import {
  enqueue,
  type MessageQueue,
  nextToSend,
  type QueuedMessage,
  queuedIn,
  removeQueued,
} from "./queued-messages.js";

const queued = (id: string, contextId = "c1", text = id): QueuedMessage => ({
  id,
  contextId,
  draft: { text, files: [] },
});
const idle = { streaming: false, sending: false, blocked: false };

describe("message queue", () => {
  it("keeps queued messages in order, per conversation", () => {
    let queue: MessageQueue = [];
    queue = enqueue(queue, queued("a"));
    queue = enqueue(queue, queued("x", "c2"));
    queue = enqueue(queue, queued("b"));
    expect(queuedIn(queue, "c1").map((m) => m.id)).toEqual(["a", "b"]);
    expect(queuedIn(queue, "c2").map((m) => m.id)).toEqual(["x"]);
    expect(queuedIn(queue, "c3")).toEqual([]);
  });

  it("sends nothing while the reply streams, a send is in flight or sending is blocked", () => {
    const queue = [queued("a")];
    expect(nextToSend(queue, "c1", { ...idle, streaming: true })).toBeUndefined();
    expect(nextToSend(queue, "c1", { ...idle, sending: true })).toBeUndefined();
    expect(nextToSend(queue, "c1", { ...idle, blocked: true })).toBeUndefined();
  });

  it("sends the conversation's oldest queued message once the reply ended", () => {
    const queue = [queued("x", "c2"), queued("a"), queued("b")];
    expect(nextToSend(queue, "c1", idle)?.id).toBe("a");
    expect(nextToSend(removeQueued(queue, "a"), "c1", idle)?.id).toBe("b");
    expect(nextToSend([queued("x", "c2")], "c1", idle)).toBeUndefined();
  });

  it("removes a queued message; removing one that is not there changes nothing", () => {
    const queue = [queued("a"), queued("b")];
    expect(removeQueued(queue, "a").map((m) => m.id)).toEqual(["b"]);
    expect(removeQueued(queue, "gone")).toBe(queue);
  });
});
