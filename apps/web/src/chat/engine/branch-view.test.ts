import type { Task } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { branchView } from "./branch-view.js";
import { chatMessage, testTask } from "./engine-fixtures.js";

/** A finished task following `parent`, created at second `s`. */
const task = (id: string, parent: string | null | undefined, s: number, state = "completed") =>
  testTask({
    id,
    state: state as Task["status"]["state"],
    metadata: {
      task_type: "agent_message",
      agent_name: "assistant",
      created_at: `2025-01-01T00:00:${String(s).padStart(2, "0")}.000Z`,
      ...(parent === undefined ? {} : { parent_task_id: parent }),
    },
  });

/** A task's question and answer as the thread shows them. */
const turn = (taskId: string) => [
  chatMessage({ id: `${taskId}-q`, taskId, role: "user" }),
  chatMessage({ id: `${taskId}-a`, taskId, role: "assistant" }),
];

// one ─ two ─ three       (the first branch)
//     └ two-b             (an edit of "two")
const tasks = {
  one: task("one", null, 1),
  two: task("two", "one", 2),
  three: task("three", "two", 3),
  "two-b": task("two-b", "one", 4),
};
const messages = ["one", "two", "three", "two-b"].flatMap(turn);
const ids = (view: ReturnType<typeof branchView>) => view.messages.map((m) => m.id);

describe("branchView", () => {
  it("shows the path from the root to the leaf, and nothing of the other branch", () => {
    expect(ids(branchView(messages, tasks, "ctx-1", "three"))).toEqual([
      "one-q",
      "one-a",
      "two-q",
      "two-a",
      "three-q",
      "three-a",
    ]);
    expect(ids(branchView(messages, tasks, "ctx-1", "two-b"))).toEqual([
      "one-q",
      "one-a",
      "two-b-q",
      "two-b-a",
    ]);
  });

  it("puts a switcher on the first user message and the reply of each task with siblings", () => {
    const view = branchView(messages, tasks, "ctx-1", "two-b");
    const place = { taskId: "two-b", siblings: ["two", "two-b"], index: 1 };
    expect(view.placeOf).toEqual({ "two-b-q": place, "two-b-a": place });
    const first = branchView(messages, tasks, "ctx-1", "three").placeOf["two-q"];
    expect(first).toEqual({ taskId: "two", siblings: ["two", "two-b"], index: 0 });
    expect(view.parentOf["two-b"]).toBe("one");
  });

  it("shows a message being sent and a running task that follows the leaf before the leaf moves", () => {
    const running = { ...tasks, new: task("new", "one", 5, "working") };
    const sending = chatMessage({ id: "local", role: "user" });
    const list = [...messages, ...turn("new"), sending];
    // The leaf is still "one" (the user edited "two"): the new task and the local message show.
    expect(ids(branchView(list, running, "ctx-1", "one"))).toEqual([
      "one-q",
      "one-a",
      "new-q",
      "new-a",
      "local",
    ]);
    // A finished sibling does not show then: only the one being written.
    expect(ids(branchView(list, running, "ctx-1", "one"))).not.toContain("two-q");
  });

  it("stops before the first task when the leaf is null, and shows everything when unknown", () => {
    expect(ids(branchView(messages, tasks, "ctx-1", null))).toEqual([]);
    expect(ids(branchView(messages, tasks, "ctx-1", undefined))).toEqual(messages.map((m) => m.id));
  });

  it("shows tasks that name no parent (older servers) and other conversations' tasks not at all", () => {
    const legacy = { a: task("a", undefined, 1), b: task("b", undefined, 2) };
    const list = [...turn("a"), ...turn("b")];
    expect(ids(branchView(list, legacy, "ctx-1", "b"))).toEqual(list.map((m) => m.id));
    expect(branchView(list, legacy, "ctx-1", "b").placeOf).toEqual({});
    const elsewhere = { ...tasks, x: { ...task("x", "one", 9), contextId: "ctx-2" } };
    expect(branchView(messages, elsewhere, "ctx-1", "three").placeOf["two-q"]?.siblings).toEqual([
      "two",
      "two-b",
    ]);
  });

  describe("a fork inside a task (an edit of a later message)", () => {
    // ask: ask-q → ask-a (a question back) → ask-q2 "Alice" → ask-a2
    //   └ bob forks inside "ask" at ask-q2: bob-q "Bob" → bob-a
    const ask = task("ask", null, 1);
    const bob = testTask({
      ...task("bob", "ask", 2),
      metadata: { ...task("bob", "ask", 2).metadata, branch_message_id: "ask-q2" },
    });
    const forked = { ask, bob };
    const list = [
      ...turn("ask"),
      chatMessage({ id: "ask-q2", taskId: "ask", role: "user" }),
      chatMessage({ id: "ask-a2", taskId: "ask", role: "assistant" }),
      ...turn("bob"),
    ];

    it("shows the task up to the edited message, then the fork; or the task whole", () => {
      const view = branchView(list, forked, "ctx-1", "bob");
      expect(ids(view)).toEqual(["ask-q", "ask-a", "bob-q", "bob-a"]);
      expect(view.hidden).toBe(2);
      expect(view.forkOf).toEqual({ bob: "ask-q2" });
      const whole = branchView(list, forked, "ctx-1", "ask");
      expect(ids(whole)).toEqual(["ask-q", "ask-a", "ask-q2", "ask-a2"]);
      expect(whole.hidden).toBe(2);
    });

    it("puts the switcher on the edited message and on the fork's message and reply", () => {
      const place = { taskId: "bob", siblings: ["ask", "bob"], index: 1 };
      expect(branchView(list, forked, "ctx-1", "bob").placeOf).toEqual({
        "bob-q": place,
        "bob-a": place,
      });
      expect(branchView(list, forked, "ctx-1", "ask").placeOf).toEqual({
        "ask-q2": { taskId: "ask", siblings: ["ask", "bob"], index: 0 },
      });
    });

    it("stops inside the leaf at the conversation's cut while the edit is on its way", () => {
      const view = branchView(list.slice(0, 4), { ask }, "ctx-1", "ask", "ask-q2");
      expect(ids(view)).toEqual(["ask-q", "ask-a"]);
    });
  });
});
