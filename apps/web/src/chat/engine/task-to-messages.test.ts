import { describe, expect, it } from "vitest";
import { testArtifact, testTask, textMessage } from "./engine-fixtures.js";
import { syntheticReplyId, taskToMessages } from "./task-to-messages.js";

describe("taskToMessages", () => {
  it("shows the user message and the reply carrying the task, its state and artifacts", () => {
    const artifact = testArtifact("a-1");
    const task = testTask({
      history: [
        textMessage("m-user", "user", "table please"),
        textMessage("m-reply", "agent", "Here it is"),
      ],
      artifacts: [artifact],
      metadata: {
        task_type: "agent_message",
        agent_name: "assistant",
        created_at: "2025-01-01T00:00:00.000Z",
        completed_at: "2025-01-01T00:00:04.000Z",
      },
    });
    const [user, reply] = taskToMessages(task, { agentId: "http://agent" });
    expect(user).toMatchObject({
      id: "m-user",
      role: "user",
      content: "table please",
      contextId: "ctx-1",
      taskId: "task-1",
      timestamp: "2025-01-01T00:00:00.000Z",
      agentId: "http://agent",
      artifacts: [],
      isStreaming: false,
    });
    expect(user?.task).toBeUndefined();
    expect(reply).toMatchObject({
      id: "m-reply",
      role: "assistant",
      content: "Here it is",
      parts: [{ kind: "text", text: "Here it is" }],
      artifacts: [artifact],
      taskState: "completed",
      timestamp: "2025-01-01T00:00:04.000Z",
      task,
    });
  });

  it("gives the reply the tool calls the task's metadata records", () => {
    const call = {
      id: "c1",
      name: "query_orders",
      arguments: { region: "europe" },
      timestamp: "2025-01-01T00:00:01.000Z",
      result: { content: "3 rows", is_error: false },
    };
    const task = testTask({
      history: [textMessage("u", "user", "orders"), textMessage("r", "agent", "Here")],
      metadata: {
        task_type: "agent_message",
        agent_name: "assistant",
        created_at: "2025-01-01T00:00:00.000Z",
        tool_calls: [call],
      },
    });
    const [user, reply] = taskToMessages(task);
    expect(user?.toolCalls).toEqual([]);
    expect(reply?.toolCalls).toEqual([call]);
  });

  it("adds the status message when the history lacks it", () => {
    const task = testTask({
      state: "failed",
      status: {
        state: "failed",
        timestamp: "2025-01-01T00:00:03.000Z",
        message: textMessage("m-err", "agent", "It broke"),
      },
    });
    const messages = taskToMessages(task);
    expect(messages.map((m) => [m.id, m.content, m.taskState])).toEqual([
      ["m-user", "hello", undefined],
      ["m-err", "It broke", "failed"],
    ]);
    expect(messages[1]?.timestamp).toBe("2025-01-01T00:00:03.000Z");
  });

  it("keeps the turns of a task that asked back in order, the reply being the last agent message", () => {
    const task = testTask({
      history: [
        textMessage("u1", "user", "make a table"),
        textMessage("a1", "agent", "Of what?"),
        textMessage("u2", "user", "planets"),
        textMessage("a2", "agent", "Done"),
      ],
      artifacts: [testArtifact("a-1")],
    });
    const messages = taskToMessages(task);
    expect(messages.map((m) => m.id)).toEqual(["u1", "a1", "u2", "a2"]);
    expect(messages[1]?.artifacts).toEqual([]);
    expect(messages[3]?.artifacts).toHaveLength(1);
  });

  it("names the agent that wrote each reply, as the task stored it", () => {
    const task = testTask({
      history: [
        textMessage("u1", "user", "make a table"),
        textMessage("a1", "agent", "Of what?"),
        textMessage("u2", "user", "planets"),
      ],
      artifacts: [testArtifact("a-1")],
      metadata: {
        task_type: "agent_message",
        agent_name: "coder",
        agent_display_name: "Code Helper",
        created_at: "2025-01-01T00:00:00.000Z",
      },
    });
    const messages = taskToMessages(task);
    expect(messages.map((m) => [m.id, m.agentName])).toEqual([
      ["u1", undefined],
      ["a1", "Code Helper"],
      ["u2", undefined],
      [syntheticReplyId("task-1"), "Code Helper"],
    ]);
    // Tasks stored before display names were kept name no author of their own.
    expect(
      taskToMessages(testTask({ history: [textMessage("a", "agent", "Hi")] }))[0],
    ).not.toHaveProperty("agentName");
  });

  it("gives results without a reply an empty reply to carry them", () => {
    const task = testTask({ state: "working", artifacts: [testArtifact("a-1")] });
    const messages = taskToMessages(task);
    expect(messages[1]).toMatchObject({
      id: syntheticReplyId("task-1"),
      role: "assistant",
      content: "",
      taskState: "working",
    });
    expect(messages[1]?.artifacts).toHaveLength(1);
  });

  it("shows only the user message of a task still running without results", () => {
    expect(taskToMessages(testTask({ state: "working" })).map((m) => m.id)).toEqual(["m-user"]);
  });

  it("does not take an earlier question as the reply of a task running again", () => {
    const task = testTask({
      state: "working",
      history: [
        textMessage("u1", "user", "table"),
        textMessage("a1", "agent", "Of what?"),
        textMessage("u2", "user", "planets"),
      ],
    });
    expect(taskToMessages(task).map((m) => [m.id, m.taskState])).toEqual([
      ["u1", undefined],
      ["a1", undefined],
      ["u2", undefined],
    ]);
  });
});
