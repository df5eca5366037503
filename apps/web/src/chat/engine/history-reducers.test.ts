import { describe, expect, it } from "vitest";
import { selectIsStreaming } from "../conversation-selectors.js";
import type { ChatMessage } from "../model/chat-types.js";
import { type ChatData, initialChatData } from "./chat-data.js";
import { assistantPlaceholder } from "./chat-messages.js";
import { chatMessage, testArtifact, testTask, textMessage } from "./engine-fixtures.js";
import {
  addResumePlaceholder,
  applyHistory,
  applyServerArtifact,
  applyServerMessage,
  applyServerStatus,
  applyServerTask,
} from "./history-reducers.js";
import { syntheticReplyId } from "./task-to-messages.js";

const now = Date.parse("2025-01-01T00:00:10.000Z");
const none = new Set<string>();
const ids = (data: ChatData, contextId = "ctx-1") =>
  data.messagesByContext[contextId]?.map((m) => m.id);
const loaded = (messages = [] as ReturnType<typeof chatMessage>[]): ChatData => ({
  ...initialChatData,
  messagesByContext: { "ctx-1": messages },
});

const done = testTask({
  history: [textMessage("u1", "user", "hi"), textMessage("r1", "agent", "Hello!")],
});
const waiting = testTask({
  id: "task-2",
  status: {
    state: "input-required",
    timestamp: "2025-01-01T00:00:07.000Z",
    message: textMessage("q2", "agent", "Which one?"),
  },
  history: [textMessage("u2", "user", "a table"), textMessage("q2", "agent", "Which one?")],
  metadata: {
    task_type: "agent_message",
    agent_name: "assistant",
    created_at: "2025-01-01T00:00:06.000Z",
  },
});
const running = testTask({
  id: "task-3",
  state: "working",
  history: [textMessage("u3", "user", "chart")],
  metadata: {
    task_type: "agent_message",
    agent_name: "assistant",
    created_at: "2025-01-01T00:00:08.000Z",
  },
});

describe("applyHistory", () => {
  it("stores the tasks, shows their messages in creation order, and tracks waiting and running tasks", () => {
    const data = applyHistory(initialChatData, "ctx-1", [running, waiting, done], now);
    expect(ids(data)).toEqual(["u1", "r1", "u2", "q2", "u3"]);
    expect(data.taskIds).toEqual(["task-1", "task-2", "task-3"]);
    expect(data.pendingInputRequests["task-2"]).toMatchObject({
      messageId: "q2",
      message: "Which one?",
    });
    expect(data.activeTaskByContext).toEqual({ "ctx-1": "task-3" });
  });

  it("shows the tasks the live stream told of while its read was under way", () => {
    // Another tab sent the welcome after this tab's read: the page is empty, the stream knew.
    let data = applyServerTask(initialChatData, running, none);
    data = applyServerMessage(
      data,
      {
        contextId: "ctx-1",
        taskId: "task-3",
        message: textMessage("r3", "agent", "A chart"),
        createdAt: "2025-01-01T00:00:09.000Z",
      },
      none,
    );
    expect(data.tasksById["task-3"]?.history.map((m) => m.messageId)).toEqual(["u3", "r3"]);
    // Still running: its question and the reply it streams into.
    const reply = syntheticReplyId("task-3");
    expect(ids(applyHistory(data, "ctx-1", [], now))).toEqual(["u3", reply]);
    // With the page holding it (read after the reply began), the task is shown once.
    const read = { ...running, history: data.tasksById["task-3"]?.history ?? [] };
    expect(ids(applyHistory(data, "ctx-1", [read], now))).toEqual(["u3", reply]);
    // Ended, as the stream tells next: the reply it said.
    const ended = applyServerTask(
      data,
      {
        ...read,
        status: { state: "completed", timestamp: "2025-01-01T00:00:09.500Z" },
      },
      none,
    );
    expect(ids(applyHistory(ended, "ctx-1", [], now))).toEqual(["u3", "r3"]);
    // A loaded conversation's page is merged as it is: older tasks stay where they are.
    const shown = applyHistory(initialChatData, "ctx-1", [done], now);
    const told = applyServerTask(shown, running, none);
    expect(ids(applyHistory(told, "ctx-1", [done], now))).toEqual(["u1", "r1", "u3"]);
  });

  it("ignores tasks of other conversations and keeps other conversations' messages", () => {
    const other = {
      ...initialChatData,
      messagesByContext: { "ctx-2": [chatMessage({ id: "x", contextId: "ctx-2" })] },
    };
    const data = applyHistory(other, "ctx-1", [{ ...done, contextId: "ctx-2" }], now);
    expect(ids(data)).toEqual([]);
    expect(ids(data, "ctx-2")).toEqual(["x"]);
  });

  it("replaces an optimistic reply by its stored equivalent", () => {
    const local = [
      chatMessage({
        id: "u1",
        role: "user",
        content: "hi",
        isOptimistic: true,
        timestamp: "2025-01-01T00:00:09.000Z",
      }),
      chatMessage({
        id: "p",
        role: "assistant",
        content: "Hello!",
        isOptimistic: true,
        timestamp: "2025-01-01T00:00:09.000Z",
      }),
    ];
    expect(ids(applyHistory(loaded(local), "ctx-1", [done], now))).toEqual(["u1", "r1"]);
  });

  it("keeps a reply streamed before the history reloaded below its question once it completes", () => {
    // The tab's clock is a second behind the server's: the sent message and its reply say :07,
    // the stored task was created at :08.
    const local = [
      chatMessage({ id: "u3", role: "user", content: "chart", taskId: "task-3" }),
      chatMessage({
        id: "p",
        role: "assistant",
        content: "",
        taskId: "task-3",
        isOptimistic: true,
        isStreaming: true,
      }),
    ].map((m) => ({ ...m, timestamp: "2025-01-01T00:00:07.000Z" }));
    const reloaded = applyHistory(loaded(local), "ctx-1", [running], now);
    expect(ids(reloaded)).toEqual(["u3", "p"]);
    // The stream ends with the reply's text; then the live stream reports the finished task.
    const finished = {
      ...reloaded,
      messagesByContext: {
        "ctx-1": (reloaded.messagesByContext["ctx-1"] ?? []).map((m) =>
          m.id === "p" ? { ...m, content: "Here", isStreaming: false } : m,
        ),
      },
    };
    const completed = testTask({
      ...running,
      status: { state: "completed", timestamp: "2025-01-01T00:00:09.000Z" },
      history: [textMessage("u3", "user", "chart"), textMessage("r3", "agent", "Here")],
    });
    expect(ids(applyServerTask(finished, completed, none))).toEqual(["u3", "r3"]);
  });

  describe("while a reply of the conversation streams", () => {
    // The user answered task-2's question ("Which one?"); the answer's reply streams into "pb".
    // The server stored the whole reply before this tab's stream got to its end.
    const answered = testTask({
      ...waiting,
      status: {
        state: "completed",
        timestamp: "2025-01-01T00:00:09.000Z",
        message: textMessage("r2", "agent", "Here is the table."),
      },
      history: [
        ...waiting.history,
        textMessage("a2", "user", "fruits"),
        textMessage("r2", "agent", "Here is the table."),
      ],
    });
    const streaming = (fields: Partial<ChatMessage>) =>
      loaded([
        chatMessage({ id: "q2", role: "assistant", content: "Which one?", taskId: "task-2" }),
        chatMessage({ id: "a2", content: "fruits", taskId: "task-2", isOptimistic: true }),
        {
          ...assistantPlaceholder({
            id: "pb",
            contextId: "ctx-1",
            timestamp: "x",
            taskId: "task-2",
          }),
          ...fields,
        },
      ]);
    const replies = (data: ChatData) =>
      data.messagesByContext["ctx-1"]?.filter((m) => m.role === "assistant").map((m) => m.id);

    it("shows the reply once: the streamed bubble that knows it, not also the stored copy", () => {
      const data = applyHistory(
        streaming({ replyId: "r2", content: "Here is" }),
        "ctx-1",
        [answered],
        now,
      );
      expect(replies(data)).toEqual(["q2", "pb"]);
    });

    it("leaves the turn's stored reply to a bubble that has not streamed a word yet", () => {
      const data = applyHistory(streaming({}), "ctx-1", [answered], now);
      expect(replies(data)).toEqual(["q2", "pb"]);
    });

    it("shows the stored reply once the stream has ended", () => {
      const ended = streaming({ replyId: "r2", content: "Here is the table.", isStreaming: false });
      expect(replies(applyHistory(ended, "ctx-1", [answered], now))).toEqual(["q2", "r2"]);
    });
  });
});

describe("applyServerTask", () => {
  it("stores the task but adds no messages to a conversation that is not loaded", () => {
    const data = applyServerTask(initialChatData, done, none);
    expect(data.tasksById["task-1"]).toBe(done);
    expect(data.messagesByContext).toEqual({});
  });

  it("adds a reply produced elsewhere to the loaded conversation", () => {
    const data = applyServerTask(
      loaded([chatMessage({ id: "u1", role: "user", content: "hi" })]),
      done,
      none,
    );
    expect(ids(data)).toEqual(["u1", "r1"]);
    expect(ids(applyServerTask(data, done, none))).toEqual(["u1", "r1"]);
  });

  it("leaves the reply of a task this tab streams to its stream", () => {
    const streaming = chatMessage({
      id: "p",
      role: "assistant",
      content: "Hel",
      taskId: "task-1",
      isStreaming: true,
      isOptimistic: true,
      timestamp: "2025-01-01T00:00:09.000Z",
    });
    const data = applyServerTask(loaded([streaming]), done, none);
    expect(ids(data)).toEqual(["u1", "p"]);
    const byRun = applyServerTask(loaded([]), done, new Set(["task-1"]));
    expect(ids(byRun)).toEqual(["u1"]);
  });

  it("confirms this tab's finished optimistic reply instead of adding a copy", () => {
    const mine = chatMessage({
      id: "p",
      role: "assistant",
      content: "Hello!",
      taskId: "task-1",
      isOptimistic: true,
      timestamp: "2025-01-01T00:00:09.000Z",
    });
    const data = applyServerTask(loaded([mine]), done, none);
    expect(ids(data)).toEqual(["u1", "r1"]);
  });

  it("replaces this tab's reply cut short by the stored end of its task (text so far and reason)", () => {
    const cut = chatMessage({
      id: "p",
      role: "assistant",
      content: "Hel",
      taskId: "task-1",
      isOptimistic: true,
      timestamp: "2025-01-01T00:00:09.000Z",
    });
    const ended = testTask({
      state: "failed",
      history: [
        textMessage("u1", "user", "hi"),
        textMessage("r1", "agent", "Hel\n\nThe server running this reply stopped."),
      ],
    });
    const data = applyServerTask(loaded([cut]), ended, none);
    expect(ids(data)).toEqual(["u1", "r1"]);
    expect(data.messagesByContext["ctx-1"]?.[1]?.taskState).toBe("failed");
  });

  it("replaces the empty reply that carried results once the real reply exists", () => {
    const partial = testTask({ state: "working", artifacts: [testArtifact("a1")] });
    const first = applyServerTask(loaded([]), partial, none);
    expect(ids(first)).toEqual(["m-user", syntheticReplyId("task-1")]);
    const finished = testTask({
      history: [textMessage("m-user", "user", "hello"), textMessage("r1", "agent", "There")],
      artifacts: [testArtifact("a1")],
    });
    const data = applyServerTask(first, finished, none);
    expect(ids(data)).toEqual(["m-user", "r1"]);
    expect(data.messagesByContext["ctx-1"]?.[1]?.artifacts).toHaveLength(1);
  });
});

describe("runs from the tools column", () => {
  it("never count as a running reply: the composer stays free", () => {
    const run = testTask({
      id: "run-1",
      state: "working",
      history: [],
      metadata: {
        task_type: "mcp_execution",
        agent_name: "assistant",
        created_at: "2025-01-01T00:00:06.000Z",
      },
    });
    const started = applyServerTask(loaded([]), run, none);
    expect(started.activeTaskByContext).toEqual({});
    expect(selectIsStreaming(started, "ctx-1")).toBe(false);
    const working = applyServerStatus(started, {
      taskId: "run-1",
      state: "working",
      timestamp: "2025-01-01T00:00:07.000Z",
    });
    expect(selectIsStreaming(working, "ctx-1")).toBe(false);
  });
});

describe("applyServerStatus", () => {
  it("updates a known task, its reply's state and its requests", () => {
    const base = applyServerTask(loaded([]), { ...waiting, contextId: "ctx-1" }, none);
    const data = applyServerStatus(base, {
      taskId: "task-2",
      state: "working",
      timestamp: "2025-01-01T00:00:08.000Z",
    });
    expect(data.tasksById["task-2"]?.status.state).toBe("working");
    expect(data.pendingInputRequests).toEqual({});
    expect(data.activeTaskByContext).toEqual({ "ctx-1": "task-2" });
    expect(data.messagesByContext["ctx-1"]?.find((m) => m.id === "q2")?.taskState).toBe("working");
  });

  it("ignores news older than what the agent's own stream already told", () => {
    const base = applyServerTask(loaded([]), { ...waiting, contextId: "ctx-1" }, none);
    const late = {
      taskId: "task-2",
      state: "working" as const,
      timestamp: "2025-01-01T00:00:06.500Z",
    };
    expect(applyServerStatus(base, late)).toBe(base);
    const created = {
      ...waiting,
      status: { state: "submitted" as const, timestamp: "2025-01-01T00:00:06.000Z" },
    };
    const after = applyServerTask(base, created, none);
    expect(after.pendingInputRequests["task-2"]?.message).toBe("Which one?");
    expect(after.tasksById["task-2"]?.status.state).toBe("input-required");
  });

  it("registers a request even for a task it does not know yet, and changes nothing else", () => {
    const data = applyServerStatus(initialChatData, {
      taskId: "t9",
      state: "auth-required",
      timestamp: "2025-01-01T00:00:08.000Z",
      message: textMessage("m9", "agent", "Please sign in"),
    });
    expect(data.pendingAuthRequests.t9).toMatchObject({
      messageId: "m9",
      message: "Please sign in",
    });
    expect(data.tasksById).toEqual({});
  });
});

describe("applyServerMessage", () => {
  const added = (
    message = textMessage("r1", "agent", "Hello!"),
    taskId: string | null = "task-1",
  ) => ({
    contextId: "ctx-1",
    taskId,
    message,
    createdAt: "2025-01-01T00:00:09.000Z",
  });

  it("adds a message to the loaded conversation once", () => {
    const data = applyServerMessage(loaded([]), added(), none);
    expect(ids(data)).toEqual(["r1"]);
    expect(ids(applyServerMessage(data, added(), none))).toEqual(["r1"]);
    expect(applyServerMessage(initialChatData, added(), none)).toBe(initialChatData);
  });

  it("confirms this tab's optimistic user message (same id) and skips replies it streams", () => {
    const mine = chatMessage({ id: "u1", role: "user", content: "hi", isOptimistic: true });
    const confirmed = applyServerMessage(
      loaded([mine]),
      added(textMessage("u1", "user", "hi")),
      none,
    );
    expect(confirmed.messagesByContext["ctx-1"]?.[0]?.isOptimistic).toBeUndefined();
    const skipped = applyServerMessage(loaded([]), added(), new Set(["task-1"]));
    expect(ids(skipped)).toEqual([]);
  });

  it("hands the results of an empty reply over to the real one", () => {
    const synthetic = chatMessage({
      id: syntheticReplyId("task-1"),
      role: "assistant",
      taskId: "task-1",
      artifacts: [testArtifact("a1")],
    });
    const data = applyServerMessage(loaded([synthetic]), added(), none);
    expect(ids(data)).toEqual(["r1"]);
    expect(data.messagesByContext["ctx-1"]?.[0]?.artifacts).toHaveLength(1);
  });
});

describe("applyServerArtifact", () => {
  it("adds the artifact to the task's reply, removing the one it replaced", () => {
    const replyMessage = chatMessage({
      id: "r1",
      role: "assistant",
      taskId: "task-1",
      artifacts: [testArtifact("old")],
    });
    const data = applyServerArtifact(loaded([replyMessage]), {
      taskId: "task-1",
      artifact: testArtifact("new"),
      replacedArtifactId: "old",
    });
    expect(data.messagesByContext["ctx-1"]?.[0]?.artifacts.map((a) => a.artifactId)).toEqual([
      "new",
    ]);
  });

  it("changes nothing without a reply of that task", () => {
    const data = loaded([chatMessage({ id: "u1" })]);
    expect(applyServerArtifact(data, { taskId: "task-1", artifact: testArtifact("a") })).toBe(data);
  });
});

describe("addResumePlaceholder", () => {
  it("adds the placeholder in time order, taking over the empty reply's results", () => {
    const synthetic = chatMessage({
      id: syntheticReplyId("task-3"),
      role: "assistant",
      taskId: "task-3",
      artifacts: [testArtifact("a1")],
      timestamp: "2025-01-01T00:00:08.000Z",
    });
    const later = chatMessage({ id: "later", timestamp: "2025-01-01T00:00:09.000Z" });
    const placeholder = assistantPlaceholder({
      id: "p",
      contextId: "ctx-1",
      timestamp: "2025-01-01T00:00:08.000Z",
      taskId: "task-3",
    });
    const data = addResumePlaceholder(loaded([synthetic, later]), placeholder);
    expect(ids(data)).toEqual(["p", "later"]);
    expect(data.messagesByContext["ctx-1"]?.[0]).toMatchObject({
      isStreaming: true,
      artifacts: [{ artifactId: "a1" }],
    });
  });
});
