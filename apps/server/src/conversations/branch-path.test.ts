import type { ConversationExport, ExportedMessage, ExportedTask } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { branchMessages } from "./branch-path.js";
import { chosenBranchNote, conversationMarkdown } from "./markdown-export.js";

const at = "2026-01-01T00:00:00.000Z";
const task = (id: string, parent: string | null, cut: string | null = null): ExportedTask => ({
  id,
  agent_name: "helper",
  task_type: "agent_message",
  state: "completed",
  status_timestamp: at,
  status_message: null,
  metadata: {},
  created_at: at,
  updated_at: at,
  parent_task_id: parent,
  branch_message_id: cut,
});
const message = (id: string, taskId: string, text: string): ExportedMessage => ({
  id,
  task_id: taskId,
  role: id.startsWith("q") ? "user" : "agent",
  parts: [{ kind: "text", text }],
  created_at: at,
});

// t1: q1 → a1 (asks back) → q2 "Alice" → a2. t2 forks inside t1 at q2 ("Bob"); t3 is a sibling of t1.
const doc = (leaf: string | null | undefined): ConversationExport => ({
  format: "a2a-chat.conversation",
  version: 1,
  exported_at: at,
  conversation: {
    name: "Names",
    created_at: at,
    ...(leaf === undefined ? {} : { leaf_task_id: leaf }),
  },
  tasks: [task("t1", null), task("t2", "t1", "q2"), task("t3", null)],
  messages: [
    message("q1", "t1", "my name?"),
    message("a1", "t1", "what is it?"),
    message("q2", "t1", "Alice"),
    message("a2", "t1", "hello Alice"),
    message("q3", "t2", "Bob"),
    message("a3", "t2", "hello Bob"),
    message("q4", "t3", "other start"),
  ],
  artifacts: [],
  files: [],
});

const ids = (leaf: string | null | undefined) =>
  branchMessages(doc(leaf)).messages.map((m) => m.id);

describe("branchMessages", () => {
  it("follows the chosen leaf, cutting a task where a later task forks inside it", () => {
    expect(ids("t2")).toEqual(["q1", "a1", "q3", "a3"]);
    expect(ids("t1")).toEqual(["q1", "a1", "q2", "a2"]);
    expect(ids("t3")).toEqual(["q4"]);
    expect(branchMessages(doc("t2")).otherBranches).toBe(true);
  });

  it("shows everything of an older export that names no leaf", () => {
    expect(ids(undefined)).toHaveLength(7);
    expect(branchMessages(doc(undefined)).otherBranches).toBe(false);
  });
});

describe("conversationMarkdown with branches", () => {
  it("shows the chosen branch and says so", async () => {
    const markdown = await conversationMarkdown(doc("t2"));
    expect(markdown).toContain(chosenBranchNote);
    expect(markdown).toContain("hello Bob");
    expect(markdown).not.toContain("hello Alice");
    expect(markdown).not.toContain("other start");
  });

  it("says nothing of branches when there is one", async () => {
    const single = {
      ...doc("t1"),
      tasks: [task("t1", null)],
      messages: doc("t1").messages.slice(0, 4),
    };
    expect(await conversationMarkdown(single)).not.toContain(chosenBranchNote);
  });
});
