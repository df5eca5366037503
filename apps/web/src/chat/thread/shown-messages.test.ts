import type { Task } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { shownMessages } from "./shown-messages.js";
import { chatMessage, testArtifact } from "./test-messages.js";

const task = (taskType: Task["metadata"]["task_type"]): Task => ({
  id: "t1",
  contextId: "c1",
  status: { state: "completed", timestamp: "2024-01-01T00:00:00.000Z" },
  history: [],
  artifacts: [],
  metadata: { task_type: taskType, agent_name: "assistant", created_at: "2024-01-01" },
});

describe("shownMessages", () => {
  const user = chatMessage({ id: "u", role: "user", parts: [{ kind: "text", text: "hi" }] });
  const run = (id: string, renderBehavior: string, isStreaming = false) =>
    chatMessage({
      id,
      task: task("mcp_execution"),
      isStreaming,
      artifacts: [testArtifact(`a-${id}`, { render_behavior: renderBehavior })],
    });

  it("leaves out a direct run with nothing to show: no empty reply bubble", () => {
    const silent = run("silent", "silent");
    const modal = run("modal", "modal");
    const running = chatMessage({ id: "running", task: task("mcp_execution"), isStreaming: true });
    const inline = run("inline", "inline");
    expect(shownMessages([user, silent, modal, running, inline], false).map((m) => m.id)).toEqual([
      "u",
      "inline",
    ]);
    // Debug mode shows everything.
    expect(shownMessages([user, silent], true).map((m) => m.id)).toEqual(["u", "silent"]);
  });

  it("keeps agent replies, empty or not, and returns the same list when nothing is left out", () => {
    const waiting = chatMessage({ id: "w", isStreaming: true, task: task("agent_message") });
    const list = [user, waiting, run("inline", "inline")];
    expect(shownMessages(list, false)).toBe(list);
  });
});
