import {
  type ConversationExport,
  contextRecordSchema,
  conversationExportSchema,
  importBranchProblems,
  importMessages,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { appendMessage } from "../../tasks/message-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser, textMessage } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

/** The export with each id replaced by its list and place, so two copies compare by content. */
function normalized(doc: ConversationExport) {
  const { exported_at: _, conversation, ...rest } = doc;
  let text = JSON.stringify({ name: conversation.name, leaf: conversation.leaf_task_id, ...rest });
  const lists = [
    ["t", doc.tasks],
    ["m", doc.messages],
  ] as const;
  for (const [list, items] of lists) {
    items.forEach((item, i) => {
      text = text.replaceAll(`"${item.id}"`, `"${list}${i}"`);
    });
  }
  return JSON.parse(text) as unknown;
}

const put = (app: App, u: User, contextId: string, body: unknown) =>
  app.request(`/api/v1/core/contexts/${contextId}/branch`, {
    method: "PUT",
    headers: { ...u.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/**
 * A conversation with every kind of branch: T (two turns of the user), U after it, V a sibling
 * of U (an edit of U's message), W forking inside T (an edit of T's second message); it shows U.
 */
async function branchedConversation(app: App, u: User) {
  const c = await u.createContext("Branches");
  const t = await u.task(c, "q1", "what is my name?");
  for (const [id, text, role] of [
    ["a1", "Tell me first", "agent"],
    ["q2", "Alice", "user"],
    ["a2", "Hello Alice", "agent"],
  ] as const) {
    await appendMessage(app.services, u.owner, {
      contextId: c,
      taskId: t.id,
      message: textMessage(id, text, role),
    });
  }
  const first = await u.task(c, "q3", "and now?");
  await put(app, u, c, { task_id: t.id, exact: true });
  await u.task(c, "q3b", "and now, edited?");
  await put(app, u, c, { task_id: t.id, exact: true, before_message_id: "q2" });
  await u.task(c, "q2b", "Bob");
  await put(app, u, c, { task_id: first.id });
  return { c, u: first };
}

describeEachDialect("export and import of a conversation's branches", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const exportOf = async (ctx: string) =>
      conversationExportSchema.parse(
        await (
          await app.request(`/api/v1/core/contexts/${ctx}/export?format=json`, {
            headers: u.headers,
          })
        ).json(),
      );
    const importFile = (body: string) =>
      app.request("/api/v1/core/imports", {
        method: "POST",
        headers: { ...u.headers, "content-type": "application/json" },
        body,
      });
    return { app, u, exportOf, importFile };
  };

  it("exports every task's parent, fork point and the chosen leaf, and imports the same tree", async () => {
    const { app, u, exportOf, importFile } = await setup();
    const { c, u: shown } = await branchedConversation(app, u);
    const first = await exportOf(c);
    expect(first.conversation.leaf_task_id).toBe(shown.id);
    const [t, , v, w] = first.tasks;
    expect(first.tasks.map((task) => task.parent_task_id)).toEqual([null, t?.id, t?.id, t?.id]);
    expect(v?.branch_message_id ?? null).toBeNull();
    expect(w?.branch_message_id).toBe("q2");

    const res = await importFile(JSON.stringify(first));
    expect(res.status).toBe(201);
    const [record] = contextRecordSchema.array().parse(await res.json());
    const again = await exportOf(record?.context_id ?? "");
    expect(normalized(again)).toEqual(normalized(first));
    // The imported conversation shows the same branch, under its new ids.
    expect(record?.leaf_task_id).toBe(again.tasks[1]?.id);
    expect(again.tasks[3]?.branch_message_id).toBe(
      again.messages.find((m) => m.parts[0]?.kind === "text" && m.parts[0].text === "Alice")?.id,
    );
    // The Markdown shows the chosen branch and says so.
    const markdown = await (
      await app.request(`/api/v1/core/contexts/${c}/export?format=markdown`, {
        headers: u.headers,
      })
    ).text();
    expect(markdown).toContain("and now?");
    expect(markdown).not.toContain("and now, edited?");
    expect(markdown).not.toContain("Bob");
    expect(markdown).toContain("this file shows the branch that was chosen");
  });

  it("refuses branches that do not hold together, with their messages, writing nothing", async () => {
    const { app, u, exportOf, importFile } = await setup();
    const { c } = await branchedConversation(app, u);
    const good = await exportOf(c);
    const before = await (await u.get("/contexts")).json();
    const refusal = async (doc: unknown) => {
      const res = await importFile(JSON.stringify(doc));
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    const withTask = (i: number, change: object) => ({
      ...good,
      tasks: good.tasks.map((task, j) => (j === i ? { ...task, ...change } : task)),
    });
    expect(await refusal(withTask(1, { parent_task_id: "missing" }))).toBe(
      importMessages.invalid("tasks.1.parent_task_id", importBranchProblems.notATask),
    );
    expect(await refusal(withTask(0, { parent_task_id: good.tasks[1]?.id }))).toBe(
      importMessages.invalid("tasks.0.parent_task_id", importBranchProblems.loop),
    );
    expect(await refusal(withTask(3, { branch_message_id: "q3" }))).toBe(
      importMessages.invalid("tasks.3.branch_message_id", importBranchProblems.notAMessage),
    );
    expect(
      await refusal({ ...good, conversation: { ...good.conversation, leaf_task_id: "missing" } }),
    ).toBe(importMessages.invalid("conversation.leaf_task_id", importBranchProblems.notATask));
    expect(await (await u.get("/contexts")).json()).toEqual(before);
  });
});
