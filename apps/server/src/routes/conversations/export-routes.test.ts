import { randomUUID } from "node:crypto";
import {
  type ConversationExport,
  contextRecordSchema,
  conversationExportSchema,
  importMessages,
  maxImportBytes,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { appendMessage } from "../../tasks/message-commands.js";
import { createTask } from "../../tasks/task-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { tableArtifact, taskUser, textMessage } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

/** The export with each id replaced by its list and place, so two copies compare by content. */
function normalized(doc: ConversationExport, contextId: string) {
  // The new conversation is created (and exported) when it is imported; all it holds is the same.
  const { exported_at: _, conversation, ...rest } = doc;
  const content = { name: conversation.name, ...rest };
  let text = JSON.stringify(content);
  const lists = [
    ["t", doc.tasks],
    ["m", doc.messages],
    ["a", doc.artifacts],
    ["f", doc.files],
  ] as const;
  for (const [list, items] of lists) {
    items.forEach((item, i) => {
      text = text.replaceAll(item.id, `${list}${i}`);
    });
  }
  return JSON.parse(text.replaceAll(contextId, "ctx")) as unknown;
}

async function fillConversation(app: App, u: User): Promise<string> {
  const ctx = await u.createContext("Trip | plans");
  const upload = await app.request(`/api/v1/core/contexts/${ctx}/files`, {
    method: "POST",
    headers: { ...u.headers, "content-type": "text/plain", "x-file-name": "notes.txt" },
    body: "pack the tent",
  });
  const file = (await upload.json()) as { id: string; url?: string; uri?: string };
  const task = await createTask(app.services, u.owner, {
    contextId: ctx,
    agentName: "assistant",
    taskType: "agent_message",
    state: "completed",
    initialMessage: {
      messageId: "q1",
      role: "user",
      parts: [
        { kind: "text", text: "Plan **the** trip" },
        { kind: "file", file: { name: "notes.txt", uri: `/api/v1/core/files/${file.id}` } },
      ],
    },
    metadata: {
      tool_calls: [
        { id: "c1", name: "get_weather", arguments: {}, timestamp: new Date().toISOString() },
      ],
    },
  });
  await appendMessage(app.services, u.owner, {
    contextId: ctx,
    taskId: task.id,
    message: textMessage("r1", "Here is the plan:\n\n```js\nconst x = 1;\n```", "agent"),
  });
  await addArtifact(app.services, u.owner, {
    taskId: task.id,
    artifact: {
      ...tableArtifact(`art-${randomUUID()}`, ctx),
      name: "Packing list",
      parts: [{ kind: "data", data: { items: [{ item: "tent" }, { item: "stove" }] } }],
    },
  });
  return ctx;
}

describeEachDialect("export and import of conversations", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const exportOf = async (ctx: string, format = "json", user = u) =>
      app.request(`/api/v1/core/contexts/${ctx}/export?format=${format}`, {
        headers: user.headers,
      });
    const importFile = (body: string, user = u, headers: Record<string, string> = {}) =>
      app.request("/api/v1/core/imports", {
        method: "POST",
        headers: { ...user.headers, "content-type": "application/json", ...headers },
        body,
      });
    return { app, u, exportOf, importFile };
  };

  it("exports JSON that imports into a new conversation equal to the first", async () => {
    const { app, u, exportOf, importFile } = await setup();
    const ctx = await fillConversation(app, u);
    const res = await exportOf(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="Trip _ plans.json"');
    const first = conversationExportSchema.parse(await res.json());
    expect(first.messages.map((m) => m.id)).toEqual(["q1", "r1"]);
    expect(first.artifacts).toHaveLength(1);
    expect(Buffer.from(first.files[0]?.data ?? "", "base64").toString()).toBe("pack the tent");

    const imported = await importFile(JSON.stringify(first));
    expect(imported.status).toBe(201);
    const [record] = contextRecordSchema.array().parse(await imported.json());
    expect(record).toMatchObject({ name: "Trip | plans", message_count: 2, task_count: 1 });
    const again = conversationExportSchema.parse(
      await (await exportOf(record?.context_id ?? "")).json(),
    );
    expect(normalized(again, record?.context_id ?? "")).toEqual(normalized(first, ctx));
    // The file link follows the new copy of the file, which the user can read.
    const link = again.messages[0]?.parts[1];
    expect(link?.kind === "file" && link.file.uri).toBe(`/api/v1/core/files/${again.files[0]?.id}`);
    const read = await app.request(`/api/v1/core/files/${again.files[0]?.id}`, {
      headers: u.headers,
    });
    expect(await read.text()).toBe("pack the tent");
    // Importing into the same account twice never clashes: every id is new.
    expect((await importFile(JSON.stringify(first))).status).toBe(201);
  });

  it("exports readable Markdown: authors, text, code, tables, links, tools", async () => {
    const { app, u, exportOf } = await setup();
    const ctx = await fillConversation(app, u);
    const res = await exportOf(ctx, "markdown");
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const md = await res.text();
    expect(md).toContain("# Trip | plans");
    expect(md).toMatch(/### You · \d{4}-/);
    expect(md).toContain("Plan **the** trip");
    expect(md).toContain("[notes.txt](/api/v1/core/files/");
    expect(md).toMatch(/### assistant · /);
    expect(md).toContain("```js\nconst x = 1;\n```");
    expect(md).toContain("Tools used: get_weather");
    expect(md).toContain("#### Artifact: Packing list");
    expect(md).toContain("| item  |\n| ----- |\n| tent  |\n| stove |");
  });

  it("imports a ChatGPT conversations.json along its chosen branch", async () => {
    const { importFile, exportOf } = await setup();
    const node = (
      id: string,
      parent: string | null,
      role: string,
      text: string,
      children: string[],
    ) => ({
      id,
      parent,
      children,
      message:
        role === ""
          ? null
          : {
              author: { role },
              create_time: 1_700_000_000,
              content: { content_type: "text", parts: [text] },
            },
    });
    const chatgpt = [
      {
        title: "Old chat",
        create_time: 1_700_000_000,
        current_node: "c",
        mapping: {
          root: node("root", null, "", "", ["s"]),
          s: node("s", "root", "system", "be nice", ["a"]),
          a: node("a", "s", "user", "Hi there", ["b", "x"]),
          x: node("x", "a", "assistant", "abandoned branch", []),
          b: node("b", "a", "assistant", "Hello!", ["c"]),
          c: node("c", "b", "user", "Bye", []),
        },
      },
    ];
    const res = await importFile(JSON.stringify(chatgpt));
    expect(res.status).toBe(201);
    const [record] = contextRecordSchema.array().parse(await res.json());
    expect(record).toMatchObject({ name: "Old chat", message_count: 3, task_count: 2 });
    const doc = conversationExportSchema.parse(
      await (await exportOf(record?.context_id ?? "")).json(),
    );
    expect(
      doc.messages.map((m) => [m.role, m.parts[0]?.kind === "text" && m.parts[0].text]),
    ).toEqual([
      ["user", "Hi there"],
      ["agent", "Hello!"],
      ["user", "Bye"],
    ]);
    // One branch, shown: the conversation's leaf is its last task.
    expect(record?.leaf_task_id).toBe(doc.tasks.at(-1)?.id);
  });

  it("refuses hostile files with their messages and writes nothing", async () => {
    const { app, u, importFile } = await setup();
    const ctx = await fillConversation(app, u);
    const good = conversationExportSchema.parse(
      await (
        await app.request(`/api/v1/core/contexts/${ctx}/export`, { headers: u.headers })
      ).json(),
    );
    const before = await (await u.get("/contexts")).json();
    const refusal = async (body: string, status = 400) => {
      const res = await importFile(body);
      expect(res.status).toBe(status);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await refusal("x".repeat(maxImportBytes + 1), 413)).toBe(importMessages.tooLarge);
    expect(await refusal("{not json")).toBe(importMessages.notJson);
    expect(await refusal("[]")).toBe(importMessages.empty);
    expect(await refusal('{"hello": 1}')).toBe(importMessages.unknownFormat);
    expect(await refusal(JSON.stringify(Array.from({ length: 51 }, () => good)))).toBe(
      importMessages.tooManyConversations,
    );
    const many = {
      ...good,
      messages: Array.from({ length: 5001 }, (_, i) => ({ ...good.messages[0], id: `m${i}` })),
    };
    expect(await refusal(JSON.stringify(many))).toBe(importMessages.tooManyMessages);
    expect(await refusal(JSON.stringify({ ...good, messages: [{ id: 1 }] }))).toBe(
      importMessages.invalid("messages.0.id", "Invalid input: expected string, received number"),
    );
    expect(await refusal(JSON.stringify({ ...good, tasks: [...good.tasks, ...good.tasks] }))).toBe(
      importMessages.invalid("tasks.1.id", "is used twice"),
    );
    // A valid first conversation and a bad second: the first is not written either.
    const second = { ...good, conversation: { ...good.conversation, name: "" } };
    expect(await refusal(JSON.stringify([good, second]))).toBe(
      importMessages.invalid(
        "1.conversation.name",
        "Too small: expected string to have >=1 characters",
      ),
    );
    expect(await (await u.get("/contexts")).json()).toEqual(before);
  });

  it("keeps each user's conversations to themselves", async () => {
    const { app, u, exportOf, importFile } = await setup();
    const ctx = await fillConversation(app, u);
    const other = await taskUser(app);
    for (const format of ["json", "markdown"]) {
      const res = await exportOf(ctx, format, other);
      expect(res.status).toBe(404);
    }
    expect((await app.request(`/api/v1/core/contexts/${ctx}/export`)).status).toBe(401);
    expect((await app.request("/api/v1/core/imports", { method: "POST", body: "{}" })).status).toBe(
      401,
    );
    const doc = await (await exportOf(ctx)).json();
    const res = await importFile(JSON.stringify(doc), other);
    const [record] = contextRecordSchema.array().parse(await res.json());
    expect((await exportOf(record?.context_id ?? "", "json")).status).toBe(404);
  });
});
