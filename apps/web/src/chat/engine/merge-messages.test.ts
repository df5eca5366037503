import { describe, expect, it } from "vitest";
import { chatMessage } from "./engine-fixtures.js";
import { mergeMessages, optimisticRetentionMs, sortByTime } from "./merge-messages.js";
import { messageHash, unhashableMessageText } from "./message-hash.js";

const now = Date.parse("2025-01-01T00:01:00.000Z");
const recent = new Date(now - 5_000).toISOString();
const old = new Date(now - optimisticRetentionMs - 1).toISOString();

describe("messageHash", () => {
  it("depends on role, content and conversation only", () => {
    const base = chatMessage({ id: "a", role: "user", content: "hi" });
    const copy = { ...base, id: "b", timestamp: "x" };
    expect(messageHash(base)).toBe(messageHash(copy));
    expect(messageHash(base)).not.toBe(messageHash({ ...base, role: "assistant" }));
    expect(messageHash(base)).not.toBe(messageHash({ ...base, content: "hi!" }));
    expect(messageHash(base)).not.toBe(messageHash({ ...base, contextId: "ctx-2" }));
  });

  it("throws without role or content", () => {
    expect(() => messageHash({ content: "hi" })).toThrow(unhashableMessageText);
    expect(() => messageHash({ role: "user" })).toThrow(unhashableMessageText);
    expect(() => messageHash({ role: "user", content: "" })).not.toThrow();
  });
});

describe("mergeMessages", () => {
  const server = [
    chatMessage({
      id: "u1",
      role: "user",
      content: "hi",
      taskId: "t1",
      timestamp: "2025-01-01T00:00:00.000Z",
    }),
    chatMessage({
      id: "r1",
      role: "assistant",
      content: "Hello!",
      taskId: "t1",
      timestamp: "2025-01-01T00:00:01.000Z",
    }),
  ];

  it("drops optimistic messages whose backend equivalent arrived (same id, or same hash)", () => {
    const local = [
      chatMessage({ id: "u1", role: "user", content: "hi", isOptimistic: true, timestamp: recent }),
      chatMessage({
        id: "placeholder",
        role: "assistant",
        content: "Hello!",
        isOptimistic: true,
        timestamp: recent,
      }),
    ];
    expect(mergeMessages(server, local, "ctx-1", now).map((m) => m.id)).toEqual(["u1", "r1"]);
  });

  it("keeps recent or streaming optimistic messages of the current conversation without equivalent", () => {
    const local = [
      chatMessage({
        id: "new",
        role: "user",
        content: "more",
        isOptimistic: true,
        timestamp: recent,
      }),
      chatMessage({
        id: "stream",
        role: "assistant",
        content: "Wor",
        isOptimistic: true,
        isStreaming: true,
        timestamp: old,
      }),
    ];
    expect(mergeMessages(server, local, "ctx-1", now).map((m) => m.id)).toEqual([
      "u1",
      "r1",
      "new",
      "stream",
    ]);
  });

  it("drops optimistic messages that are old and done, or of another conversation", () => {
    const local = [
      chatMessage({
        id: "stale",
        role: "user",
        content: "lost",
        isOptimistic: true,
        timestamp: old,
      }),
      chatMessage({
        id: "other",
        role: "user",
        content: "elsewhere",
        contextId: "ctx-2",
        isOptimistic: true,
        timestamp: recent,
      }),
    ];
    expect(mergeMessages(server, local, "ctx-1", now).map((m) => m.id)).toEqual(["u1", "r1"]);
  });

  it("does not let an older identical message swallow the one just sent", () => {
    const shown = server.map((m) => ({ ...m }));
    const again = chatMessage({
      id: "u2",
      role: "user",
      content: "hi",
      isOptimistic: true,
      timestamp: recent,
    });
    expect(mergeMessages(server, [...shown, again], "ctx-1", now).map((m) => m.id)).toEqual([
      "u1",
      "r1",
      "u2",
    ]);
  });

  it("lets each server message stand for one optimistic message only", () => {
    // Reply bubbles that know no id: the content is all they can be recognised by.
    const bubble = (id: string) =>
      chatMessage({ id, role: "assistant", content: "hi", isOptimistic: true, timestamp: recent });
    const local = [bubble("p1"), bubble("p2")];
    const onlyOne = [
      chatMessage({ id: "s1", role: "assistant", content: "hi", taskId: "t1", timestamp: recent }),
    ];
    expect(mergeMessages(onlyOne, local, "ctx-1", now).map((m) => m.id)).toEqual(["s1", "p2"]);
  });

  it("prefers the server's version of a message and keeps server messages of tasks it does not cover", () => {
    const local = [
      chatMessage({ id: "r1", role: "assistant", content: "stale text", taskId: "t1" }),
      chatMessage({
        id: "gone",
        role: "assistant",
        content: "",
        taskId: "t1",
        timestamp: "2025-01-01T00:00:02.000Z",
      }),
      chatMessage({
        id: "live",
        role: "user",
        content: "from another tab",
        taskId: "t9",
        timestamp: "2025-01-01T00:00:30.000Z",
      }),
    ];
    const merged = mergeMessages(server, local, "ctx-1", now);
    expect(merged.map((m) => m.id)).toEqual(["u1", "r1", "live"]);
    expect(merged[1]?.content).toBe("Hello!");
  });

  it("keeps a local reply below the user message the server confirmed with a later clock", () => {
    const sent = chatMessage({
      id: "u2",
      role: "user",
      content: "more",
      isOptimistic: true,
      timestamp: recent,
    });
    const streaming = chatMessage({
      id: "p",
      role: "assistant",
      content: "",
      isOptimistic: true,
      isStreaming: true,
      timestamp: recent,
    });
    const confirmed = chatMessage({
      id: "u2",
      role: "user",
      content: "more",
      taskId: "t2",
      timestamp: new Date(now).toISOString(),
    });
    const merged = mergeMessages([...server, confirmed], [sent, streaming], "ctx-1", now);
    expect(merged.map((m) => m.id)).toEqual(["u1", "r1", "u2", "p"]);
    // The reply takes the confirmed time, so sorting by timestamps alone (as later merges of
    // live events do) keeps it below its question.
    expect(merged[3]?.timestamp).toBe(confirmed.timestamp);
    expect(sortByTime(merged).map((m) => m.id)).toEqual(["u1", "r1", "u2", "p"]);
  });

  it("orders by time, keeping the order of equal times", () => {
    const same = "2025-01-01T00:00:00.000Z";
    const messages = [
      chatMessage({ id: "b", timestamp: same, content: "1" }),
      chatMessage({ id: "a", timestamp: same, content: "2" }),
      chatMessage({ id: "first", timestamp: "2024-12-31T00:00:00.000Z", content: "0" }),
    ];
    expect(mergeMessages(messages, [], "ctx-1", now).map((m) => m.id)).toEqual(["first", "b", "a"]);
  });
});
