import { expect, it } from "vitest";
import { chooseBranch } from "../../contexts/branch-commands.js";
import { appendMessage } from "../../tasks/message-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { textMessage } from "../../test/tasks.js";
import { turnFixture } from "../../test/turns.js";
import { beginTurn } from "./begin-turn.js";
import { endTurn } from "./end-turn.js";
import { agentMessage } from "./turn.js";
import { turnHistory, withFileNames } from "./turn-history.js";

it("names each file a message carried on a line of its own", () => {
  const message = {
    messageId: "m",
    role: "user" as const,
    parts: [
      { kind: "text" as const, text: "see these" },
      { kind: "file" as const, file: { name: "a.csv", mimeType: "text/csv", bytes: "YQ==" } },
      { kind: "file" as const, file: { mimeType: "image/png", bytes: "AA==" } },
    ],
  };
  expect(withFileNames("see these", message)).toBe(
    "see these\n[Attached file: a.csv]\n[Attached file: Unnamed file]",
  );
  expect(withFileNames("", message)).toBe("[Attached file: a.csv]\n[Attached file: Unnamed file]");
  expect(withFileNames("plain", { ...message, parts: [{ kind: "text", text: "plain" }] })).toBe(
    "plain",
  );
});

describeEachDialect("a turn's history", (get) => {
  it("is the conversation's messages oldest first, ending with the new one, without empty ones", async () => {
    const app = createTestApp(get());
    const { deps, turn, request, nextTurn, contextId } = await turnFixture(app);
    await beginTurn(deps, turn, request("first question"));
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "first answer"));
    const second = nextTurn();
    await beginTurn(deps, second, request("second question", undefined, second.taskId));
    const history = await turnHistory(app.services, contextId, second.taskId);
    expect(history.map(({ role, text }) => [role, text])).toEqual([
      ["user", "first question"],
      ["assistant", "first answer"],
      ["user", "second question"],
    ]);
    expect(history.every((m) => m.key?.startsWith(`${turn.owner.userId}/`))).toBe(true);
  });

  it("follows the turn's branch: an edited message's turn sees no other branch", async () => {
    const app = createTestApp(get());
    const { deps, turn, request, nextTurn, contextId } = await turnFixture(app);
    await beginTurn(deps, turn, request("first question"));
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "first answer"));
    const second = nextTurn();
    await beginTurn(deps, second, request("second question", undefined, second.taskId));
    await endTurn(deps, second, "completed", agentMessage(second, "r-2", "second answer"));
    // The user edits "second question": the branch goes back to the first task.
    await chooseBranch(app.services, turn.owner, contextId, { task_id: turn.taskId, exact: true });
    const edited = nextTurn();
    await beginTurn(deps, edited, request("second question, edited", undefined, edited.taskId));
    const history = await turnHistory(app.services, contextId, edited.taskId);
    expect(history.map(({ role, text }) => [role, text])).toEqual([
      ["user", "first question"],
      ["assistant", "first answer"],
      ["user", "second question, edited"],
    ]);
    // The first branch's turn still sees its own history.
    const old = await turnHistory(app.services, contextId, second.taskId);
    expect(old.map(({ text }) => text)).toEqual([
      "first question",
      "first answer",
      "second question",
      "second answer",
    ]);
  });

  it("reads a task that the turn's branch forks inside up to the edited message", async () => {
    const app = createTestApp(get());
    const { deps, turn, request, nextTurn, contextId } = await turnFixture(app);
    await beginTurn(deps, turn, request("what is my name?"));
    const add = (id: string, text: string, role: "user" | "agent") =>
      appendMessage(app.services, turn.owner, {
        contextId,
        taskId: turn.taskId,
        message: textMessage(id, text, role),
      });
    await add("ask-1", "Tell me your name first", "agent");
    await add("name-1", "Alice", "user");
    await endTurn(deps, turn, "completed", agentMessage(turn, "r-1", "Hello Alice"));
    // The user edits "Alice": the conversation stops inside the first task, before it.
    await chooseBranch(app.services, turn.owner, contextId, {
      task_id: turn.taskId,
      exact: true,
      before_message_id: "name-1",
    });
    const edited = nextTurn();
    await beginTurn(deps, edited, request("Bob", undefined, edited.taskId));
    const history = await turnHistory(app.services, contextId, edited.taskId);
    expect(history.map(({ role, text }) => [role, text])).toEqual([
      ["user", "what is my name?"],
      ["assistant", "Tell me your name first"],
      ["user", "Bob"],
    ]);
  });
});
