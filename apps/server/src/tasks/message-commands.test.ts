import { taskSchema } from "@a2a-chat/contracts";
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
});
