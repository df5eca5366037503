import { contextRecordSchema } from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { afterAll, expect, it, vi } from "vitest";
import { StoredTaskStore } from "../agents/stored-task-store.js";
import { MessagesRepository } from "../db/repositories/messages.js";
import { addedAgentChats } from "../test/added-agent-chat.js";
import { describeEachDialect } from "../test/databases.js";
import { type ScriptStep, script } from "../test/scripted-agent.js";
import type { SseReader } from "../test/sse.js";

const { appWith, userWithAgent, send, closeAgents } = addedAgentChats();
afterAll(closeAgents);

const textOf = (parts: readonly { kind: string; text?: string }[] = []) =>
  parts.map((part) => (part.kind === "text" ? part.text : "")).join("");

/** The messages the stream's status updates carried, by state: [state, message id, text]. */
function statusMessages(events: StreamResponse[]): [TaskState, string, string][] {
  return events.flatMap((event): [TaskState, string, string][] => {
    const payload = event.payload;
    if (payload?.$case !== "statusUpdate" || !payload.value.status?.message) return [];
    const { state, message } = payload.value.status;
    const text = message.parts
      .map((part) => (part.content?.$case === "text" ? part.content.value : ""))
      .join("");
    return [[state, message.messageId, text]];
  });
}

/** The agent messages of the live stream's message_added events until the task's end. */
async function addedOnStream(stream: SseReader, taskId: string): Promise<[string, string][]> {
  const added: [string, string][] = [];
  for (;;) {
    const { envelope } = await stream.next(10_000);
    const type = envelope.event_type;
    const data = envelope.data as {
      task_id?: string;
      message?: { messageId: string; role: string; parts: { kind: string; text?: string }[] };
    };
    if (data.task_id !== taskId) continue;
    if (type === "message_added" && data.message?.role === "agent")
      added.push([data.message.messageId, textOf(data.message.parts)]);
    if (type === "task_completed") return added;
  }
}

const working = (text: string, id?: string): ScriptStep => ({
  state: "working",
  text,
  ...(id ? { id } : {}),
});

describeEachDialect("an added agent's messages, each one whole", (get) => {
  it("keeps equal status messages as messages of their own: 'ha ', 'ha ', 'ha ', 'ho ', 'ho ', '!' then 'end'", async () => {
    const app = appWith(get());
    const said = ["ha ", "ha ", "ha ", "ho ", "ho ", "!"];
    const chat = await userWithAgent(app, {
      script: script([...said.map((text) => working(text)), { state: "completed", text: "end" }]),
    });
    const live = await chat.user.openStream();
    const { events, task } = await send(chat, "laugh");

    expect(task.status.state).toBe("completed");
    const agentMessages = task.history.filter((m) => m.role === "agent");
    expect(task.history.map((m) => textOf(m.parts))).toEqual(["laugh", ...said, "end"]);
    expect(new Set(agentMessages.map((m) => m.messageId)).size).toBe(7);
    // The latest is the task's status message: its reply, also in its history.
    expect(task.status.message?.messageId).toBe(agentMessages.at(-1)?.messageId);
    expect(textOf(task.status.message?.parts)).toBe("end");

    // The A2A stream carries each as a whole message (its own id), then the end with the last.
    const carried = statusMessages(events);
    const ids = agentMessages.map((m) => m.messageId);
    expect(carried).toEqual([
      ...[...said, "end"].map((text, i) => [TaskState.TASK_STATE_WORKING, ids[i], text]),
      [TaskState.TASK_STATE_COMPLETED, ids[6], "end"],
    ]);
    // The live stream adds each to the conversation once.
    expect(await addedOnStream(live, task.id)).toEqual(
      [...said, "end"].map((text, i) => [ids[i], text]),
    );
    await live.close();
  });

  it("keeps 400 identical 1 KB updates as 400 messages", async () => {
    const app = appWith(get());
    const kilobyte = `${"k".repeat(1023)}\n`;
    const chat = await userWithAgent(app, {
      script: script([
        ...Array.from({ length: 400 }, () => working(kilobyte)),
        { state: "completed" },
      ]),
    });
    const { events, task } = await send(chat, "flood");

    expect(task.status.state).toBe("completed");
    const agentMessages = task.history.filter((m) => m.role === "agent");
    expect(agentMessages).toHaveLength(400);
    expect(agentMessages.every((m) => textOf(m.parts) === kilobyte)).toBe(true);
    expect(new Set(agentMessages.map((m) => m.messageId)).size).toBe(400);
    const carried = statusMessages(events).filter(
      ([state]) => state === TaskState.TASK_STATE_WORKING,
    );
    expect(carried.map(([, id, text]) => [id, text])).toEqual(
      agentMessages.map((m) => [m.messageId, kilobyte]),
    );
    // The agent ended with no words: its latest message stays the task's status message.
    expect(task.status.message?.messageId).toBe(agentMessages.at(-1)?.messageId);
    // Each message is a stored write of its own: on a machine shared by many, 400 take a while.
  }, 120_000);

  it("replaces a message the agent sends again with the same messageId, keeps others", async () => {
    const app = appWith(get());
    const chat = await userWithAgent(app, {
      script: script([
        working("Step 1", "m1"),
        working("Step 1 of 2", "m1"),
        working("Step 2", "m2"),
        working("Step 2", "m2"),
        { state: "completed", text: "Done" },
      ]),
    });
    const live = await chat.user.openStream();
    const { events, task } = await send(chat, "steps");

    expect(task.history.map((m) => textOf(m.parts))).toEqual([
      "steps",
      "Step 1 of 2",
      "Step 2",
      "Done",
    ]);
    const [first, second, done] = task.history.filter((m) => m.role === "agent");
    const workingUpdates = statusMessages(events).filter(
      ([s]) => s === TaskState.TASK_STATE_WORKING,
    );
    expect(workingUpdates.map(([, id, text]) => [id, text])).toEqual([
      [first?.messageId, "Step 1"],
      [first?.messageId, "Step 1 of 2"],
      [second?.messageId, "Step 2"],
      [second?.messageId, "Step 2"],
      [done?.messageId, "Done"],
    ]);
    // The live stream says the replacement with the same id.
    expect(await addedOnStream(live, task.id)).toEqual([
      [first?.messageId, "Step 1"],
      [first?.messageId, "Step 1 of 2"],
      [second?.messageId, "Step 2"],
      [second?.messageId, "Step 2"],
      [done?.messageId, "Done"],
    ]);
    await live.close();
    // One row each, counted once on the conversation.
    const rows = await get()
      .db.kysely.selectFrom("messages")
      .select("id")
      .where("task_id", "=", task.id)
      .execute();
    expect(rows).toHaveLength(4);
    const context = contextRecordSchema.parse(
      await (await chat.user.get(`/contexts/${chat.contextId}`)).json(),
    );
    expect(context.message_count).toBe(4);
  });

  it("reads the task's history neither for each status message nor for the SDK's loads", async () => {
    const app = appWith(get());
    const chat = await userWithAgent(app, {
      script: script([
        working("Step 1", "m1"),
        working("Step 1 of 3", "m1"),
        ...Array.from({ length: 20 }, (_, i) => working(`Note ${i}`)),
        working("Step 2", "m2"),
        { state: "completed", text: "Done" },
      ]),
    });
    const histories = vi.spyOn(MessagesRepository.prototype, "listForTasks");
    const reads = vi.spyOn(
      StoredTaskStore.prototype as unknown as { stored: () => unknown },
      "stored",
    );
    try {
      const { task } = await send(chat, "steps");
      expect(task.history.map((m) => textOf(m.parts))).toEqual([
        "steps",
        "Step 1 of 3",
        ...Array.from({ length: 20 }, (_, i) => `Note ${i}`),
        "Step 2",
        "Done",
      ]);
      // The SDK's view of the running task took each stored message in, replaced or added, as
      // the tables hold it: none of its loads or saves read the tables.
      expect(reads.mock.calls.length).toBe(0);
      // The history is read when the task is made, when it ends and when the test reads it,
      // not for each of the 23 status messages (before: once each).
      expect(histories.mock.calls.length).toBeLessThan(6);
    } finally {
      histories.mockRestore();
      reads.mockRestore();
    }
  });

  it("joins text streamed as artifact chunks with append, equal chunks included", async () => {
    const app = appWith(get());
    const chunk = (text: string, append: boolean, last: boolean): ScriptStep => ({
      artifactId: "story",
      chunk: text,
      append,
      last,
    });
    const chat = await userWithAgent(app, {
      script: script([
        chunk("ha ", false, false),
        chunk("ha ", true, false),
        chunk("ha ", true, false),
        chunk("ho!", true, true),
        { state: "completed" },
      ]),
    });
    const { task } = await send(chat, "stream it");
    expect(task.status.state).toBe("completed");
    expect(task.artifacts).toHaveLength(1);
    expect(task.artifacts[0]?.name).toBe("Streamed");
    expect(textOf(task.artifacts[0]?.parts)).toBe("ha ha ha ho!");
  });
});
