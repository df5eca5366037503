import { taskSchema } from "@a2a-chat/contracts";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser, textMessage } from "../test/tasks.js";
import { appendMessage } from "./message-commands.js";

describeEachDialect("appendMessage", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    return { app, services: app.services, u: await taskUser(app) };
  };

  it("keeps history in order and treats a repeated message id as a retry", async () => {
    const { services, u } = await setup();
    const contextId = await u.createContext();
    const task = await u.task(contextId, "m-0");
    const ids = Array.from({ length: 8 }, (_, i) => `m-${i + 1}`);
    for (const id of ids) {
      await appendMessage(services, u.owner, {
        contextId,
        taskId: task.id,
        message: textMessage(id, id, "agent"),
      });
    }
    const stream = await u.openStream();
    const again = await appendMessage(services, u.owner, {
      contextId,
      taskId: task.id,
      message: textMessage("m-3", "m-3", "agent"),
    });
    expect(again.messageId).toBe("m-3");
    expect(await stream.quietFor(150)).toBe(true);
    const read = taskSchema.parse(await (await u.get(`/tasks/${task.id}`)).json());
    expect(read.history.map((m) => m.messageId)).toEqual(["m-0", ...ids]);
    await expect(
      appendMessage(services, u.owner, { contextId, message: textMessage("m-3", "elsewhere") }),
    ).rejects.toMatchObject({ code: "conflict", message: "Message id already in use" });
    await expect(
      appendMessage(services, u.owner, {
        contextId,
        message: { ...textMessage("m-x", "x"), taskId: task.id },
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await stream.close();
  });

  it("gives a conversation's messages strictly increasing times, from its last message time", async () => {
    const { services, u } = await setup();
    const contextId = await u.createContext();
    const stream = await u.openStream();
    const { kysely } = get().db;
    const times = async () =>
      (
        await kysely
          .selectFrom("messages")
          .select("created_at")
          .where("context_id", "=", contextId)
          .orderBy("created_at")
          .execute()
      ).map((row) => row.created_at);
    // Ahead of the clock: the next message still comes after it.
    const ahead = new Date(Date.now() + 60_000).toISOString();
    await appendMessage(services, u.owner, { contextId, message: textMessage("t-0", "first") });
    await sql`update messages set created_at = ${ahead} where context_id = ${contextId}`.execute(
      kysely,
    );
    await kysely
      .updateTable("contexts")
      .set({ last_message_at: ahead })
      .where("id", "=", contextId)
      .execute();
    for (const id of ["t-1", "t-2", "t-3"]) {
      await appendMessage(services, u.owner, { contextId, message: textMessage(id, id) });
    }
    const written = await times();
    expect(written).toHaveLength(4);
    expect(written[0]).toBe(ahead);
    expect([...written].sort()).toEqual(written);
    expect(new Set(written).size).toBe(written.length);
    // A conversation without a recorded last time (older data) reads it from its messages.
    await kysely
      .updateTable("contexts")
      .set({ last_message_at: null })
      .where("id", "=", contextId)
      .execute();
    await appendMessage(services, u.owner, { contextId, message: textMessage("t-4", "later") });
    const after = await times();
    expect((after.at(-1) ?? "") > (written.at(-1) ?? "")).toBe(true);
    // Each message's context_stats carries the counters as that message left them.
    const counts: number[] = [];
    for (;;) {
      const event = await stream.next();
      if (event.envelope.event_type !== "context_stats") continue;
      counts.push((event.envelope.data as { message_count: number }).message_count);
      if (counts.length === 5) break;
    }
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    await stream.close();
  });
});
