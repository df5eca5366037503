import { describe, expect, it } from "vitest";
import type { ChatMessage, ChatStreamEvent } from "../model/chat-types.js";
import { type ChatData, initialChatData } from "./chat-data.js";
import { assistantPlaceholder } from "./chat-messages.js";
import { addOptimistic, applyStreamEvent, finishStream } from "./chat-reducers.js";
import { chatMessage, testTask, textMessage } from "./engine-fixtures.js";
import { applyHistory, applyServerMessage } from "./history-reducers.js";
import { upsertStatusLine, withoutFoldedLines } from "./status-lines.js";
import { taskToMessages } from "./task-to-messages.js";

const target = { contextId: "ctx-1", messageId: "p1" };
const steps = ["Working... (step 1/3)", "Working... (step 2/3)", "Working... (step 3/3)"];

/** A turn streaming into placeholder p1 of task-1, the task known (as its first event makes it). */
function streaming(): ChatData {
  const user = chatMessage({ id: "u1", role: "user", content: "go", isOptimistic: true });
  const placeholder = assistantPlaceholder({
    id: "p1",
    contextId: "ctx-1",
    timestamp: "2025-01-01T00:00:00.000Z",
  });
  const started = addOptimistic(initialChatData, { user, assistant: placeholder });
  const task = testTask({ state: "working", history: [textMessage("u1", "user", "go")] });
  return applyStreamEvent(started, target, { type: "task", task });
}

let second = 10;
/** A status update of task-1 whose message is the whole message `id`: `text`. */
function status(
  state: "working" | "completed",
  id: string,
  text: string,
): Extract<ChatStreamEvent, { type: "status" }> {
  second += 1;
  return {
    type: "status",
    taskId: "task-1",
    contextId: "ctx-1",
    state,
    timestamp: `2025-01-01T00:00:${second}.000Z`,
    final: state !== "working",
    message: textMessage(id, "agent", text),
  };
}

const apply = (data: ChatData, ...events: ChatStreamEvent[]) =>
  events.reduce((next, event) => applyStreamEvent(next, target, event), data);
const bubble = (data: ChatData) => data.messagesByContext["ctx-1"]?.find((m) => m.id === "p1");
const linesOf = (message: ChatMessage | undefined) =>
  message?.statusLines?.map((line) => line.text);

describe("an agent's status messages (each a whole message)", () => {
  it("reads as distinct lines, never glued into the reply's text: the latest is the progress line, all are in the task's history", () => {
    const data = apply(
      streaming(),
      ...steps.map((text, i) => status("working", `s${i + 1}`, text)),
    );
    const shown = bubble(data);
    expect(linesOf(shown)).toEqual(steps);
    // Not 'Working... (step 1/3)Working... (step 2/3)…': the reply's own text stays empty.
    expect(shown?.content).toBe("");
    expect(shown?.parts).toEqual([]);
    const task = data.tasksById["task-1"];
    expect(task?.status.message?.parts).toEqual([{ kind: "text", text: steps[2] }]);
    expect(task?.history.map((m) => [m.messageId, m.parts])).toEqual([
      ["u1", [{ kind: "text", text: "go" }]],
      ...steps.map((text, i) => [`s${i + 1}`, [{ kind: "text", text }]]),
    ]);
  });

  it("come as lines from a working task read whole (a resubscription's first event)", () => {
    const task = testTask({
      state: "working",
      history: [
        textMessage("u1", "user", "go"),
        ...steps.slice(0, 2).map((text, i) => textMessage(`s${i + 1}`, "agent", text)),
      ],
      status: { state: "working", timestamp: "2025-01-01T00:00:30.000Z" },
    });
    const data = apply(streaming(), { type: "task", task });
    expect(linesOf(bubble(data))).toEqual(steps.slice(0, 2));
    expect(bubble(data)?.content).toBe("");
  });

  it("keeps equal messages with their own ids as lines of their own", () => {
    const said = ["ha ", "ha ", "ha ", "ho ", "ho ", "!"];
    const data = apply(streaming(), ...said.map((text, i) => status("working", `h${i}`, text)));
    expect(linesOf(bubble(data))).toEqual(said);
    expect(data.tasksById["task-1"]?.history).toHaveLength(7);
  });

  it("replaces the line and the history message that the same id names again", () => {
    const data = apply(
      streaming(),
      status("working", "s1", "Step 1"),
      status("working", "s2", "Step 2"),
      status("working", "s1", "Step 1 of 2"),
    );
    expect(linesOf(bubble(data))).toEqual(["Step 1 of 2", "Step 2"]);
    expect(data.tasksById["task-1"]?.history.map((m) => m.messageId)).toEqual(["u1", "s1", "s2"]);
  });

  it("ends with the final message as the reply's text, the lines before it kept", () => {
    const data = apply(
      streaming(),
      status("working", "s1", steps[0] ?? ""),
      status("working", "s2", steps[1] ?? ""),
      status("working", "end", "All done."),
      // The agent's last message comes again with the end: it is the reply now, not a line.
      status("completed", "end", "All done."),
    );
    const shown = bubble(data);
    expect(shown?.content).toBe("All done.");
    expect(shown?.replyId).toBe("end");
    expect(linesOf(shown)).toEqual(steps.slice(0, 2));
  });
});

describe("a stored task's status messages", () => {
  const history = [
    textMessage("u1", "user", "go"),
    ...steps.map((text, i) => textMessage(`s${i + 1}`, "agent", text)),
  ];

  it("are lines of the reply they lead to, not replies of their own", () => {
    const task = testTask({ history: [...history, textMessage("end", "agent", "All done.")] });
    const messages = taskToMessages(task);
    expect(messages.map((m) => [m.id, m.content])).toEqual([
      ["u1", "go"],
      ["end", "All done."],
    ]);
    expect(linesOf(messages[1])).toEqual(steps);
  });

  it("are all lines of a task still working, the latest its progress line, as the stream shows them", () => {
    const task = testTask({ state: "working", history });
    const messages = taskToMessages(task);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]?.content).toBe("");
    expect(linesOf(messages[1])).toEqual(steps);
  });

  it("leave no bubble of their own when history loads beside one the live stream added", () => {
    const alone = chatMessage({ id: "s2", role: "assistant", content: steps[1] ?? "" });
    const withAlone = { ...initialChatData, messagesByContext: { "ctx-1": [alone] } };
    const task = testTask({ history: [...history, textMessage("end", "agent", "All done.")] });
    const data = applyHistory(withAlone, "ctx-1", [task], Date.parse("2025-01-01T00:00:06Z"));
    expect(data.messagesByContext["ctx-1"]?.map((m) => m.id)).toEqual(["u1", "end"]);
  });
});

describe("the live stream's copy of a streamed reply", () => {
  it("keeps the lines the stream showed when the reply's stored message arrives after the stream ended", () => {
    const ended = finishStream(
      apply(
        streaming(),
        status("working", "s1", steps[0] ?? ""),
        status("completed", "end", "All done."),
      ),
      target,
    );
    const data = applyServerMessage(
      ended,
      {
        contextId: "ctx-1",
        taskId: "task-1",
        message: textMessage("end", "agent", "All done."),
        createdAt: "2025-01-01T00:00:30.000Z",
      },
      new Set(),
    );
    const shown = data.messagesByContext["ctx-1"]?.find((m) => m.id === "end");
    expect(shown?.content).toBe("All done.");
    expect(linesOf(shown)).toEqual([steps[0]]);
  });
});

describe("status line helpers", () => {
  it("upsertStatusLine appends a new id and replaces a known one in place", () => {
    const one = upsertStatusLine(undefined, textMessage("a", "agent", "A"));
    const two = upsertStatusLine(one, textMessage("b", "agent", "B"));
    expect(upsertStatusLine(two, textMessage("a", "agent", "A2"))).toEqual([
      { id: "a", text: "A2" },
      { id: "b", text: "B" },
    ]);
  });

  it("withoutFoldedLines keeps the list itself when no message is another's line", () => {
    const list = [chatMessage({ id: "x" }), chatMessage({ id: "y" })];
    expect(withoutFoldedLines(list)).toBe(list);
  });
});
