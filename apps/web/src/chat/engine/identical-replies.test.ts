import { describe, expect, it } from "vitest";
import { type ChatData, initialChatData } from "./chat-data.js";
import { applyStreamEvent } from "./chat-reducers.js";
import { sameByContent } from "./content-match.js";
import { chatMessage, textMessage } from "./engine-fixtures.js";
import { applyServerMessage } from "./history-reducers.js";
import { mergeMessages } from "./merge-messages.js";

/** Two questions answered with the same words (the planner greets "Hello A2A Chat!" and "hello" alike). */
const greeting = "Hello! I am the A2A Chat assistant.";
const now = Date.parse("2025-01-01T00:00:10.000Z");
const earlier = new Date(now - 5_000).toISOString();
const recent = new Date(now - 2_000).toISOString();
const none = new Set<string>();
const shown = (data: ChatData) => data.messagesByContext["ctx-1"]?.map((m) => m.id);

const firstQuestion = chatMessage({ id: "u1", role: "user", content: "Hello A2A Chat!" });
/** The welcome reply, streamed here: it knows the stored message it shows (r1) and its task. */
const firstReply = chatMessage({
  id: "bubble-1",
  role: "assistant",
  content: greeting,
  taskId: "t1",
  replyId: "r1",
  isOptimistic: true,
  timestamp: earlier,
});
const secondQuestion = chatMessage({
  id: "u2",
  role: "user",
  content: "hello",
  isOptimistic: true,
  timestamp: recent,
});
/** The reply to "hello", just started: its stream has not said a word (nor its task) yet. */
const secondReply = chatMessage({
  id: "bubble-2",
  role: "assistant",
  isOptimistic: true,
  isStreaming: true,
  timestamp: recent,
});

describe("two equal answers are two messages", () => {
  it("the stored copy of the second answer, arriving before its stream, leaves the first in place", () => {
    let data: ChatData = {
      ...initialChatData,
      messagesByContext: { "ctx-1": [firstQuestion, firstReply, secondQuestion, secondReply] },
    };
    // The live stream tells of the stored reply to "hello" before the reply's own stream does.
    data = applyServerMessage(
      data,
      {
        contextId: "ctx-1",
        taskId: "t2",
        message: textMessage("r2", "agent", greeting),
        createdAt: "2025-01-01T00:00:09.000Z",
      },
      none,
    );
    expect(shown(data)).toEqual(["u1", "bubble-1", "u2", "bubble-2", "r2"]);
    // Then the reply's stream names its message: its bubble shows it, the stored copy goes.
    data = applyStreamEvent(
      data,
      { contextId: "ctx-1", messageId: "bubble-2" },
      { type: "text", taskId: "t2", contextId: "ctx-1", delta: greeting, messageId: "r2" },
    );
    expect(shown(data)).toEqual(["u1", "bubble-1", "u2", "bubble-2"]);
    expect(data.messagesByContext["ctx-1"]?.map((m) => m.content)).toEqual([
      "Hello A2A Chat!",
      greeting,
      "hello",
      greeting,
    ]);
  });

  it("a loaded history does not take the second answer for the first", () => {
    const server = [
      chatMessage({ id: "u2", role: "user", content: "hello", taskId: "t2", timestamp: recent }),
      chatMessage({
        id: "r2",
        role: "assistant",
        content: greeting,
        taskId: "t2",
        timestamp: recent,
      }),
    ];
    const merged = mergeMessages(server, [firstQuestion, firstReply], "ctx-1", now);
    expect(merged.map((m) => m.id)).toEqual(["u1", "bubble-1", "u2", "r2"]);
  });

  it("a bubble that knows no id is still confirmed by its stored copy's content", () => {
    const anonymous = { ...firstReply, replyId: undefined, taskId: undefined };
    const stored = chatMessage({ id: "r1", role: "assistant", content: greeting, taskId: "t1" });
    expect(sameByContent(anonymous, stored)).toBe(true);
    expect(mergeMessages([stored], [anonymous], "ctx-1", now).map((m) => m.id)).toEqual(["r1"]);
    // Not once it knows which message it shows, nor another task's reply, nor the user's message.
    expect(sameByContent(firstReply, { ...stored, id: "r2", taskId: "t2" })).toBe(false);
    expect(sameByContent({ ...anonymous, taskId: "t1" }, { ...stored, taskId: "t2" })).toBe(false);
    expect(sameByContent({ ...secondQuestion, id: "p" }, { ...secondQuestion, id: "u9" })).toBe(
      false,
    );
  });
});
