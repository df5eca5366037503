import { taskSchema } from "@a2a-chat/contracts";
import { type Task, TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

describeEachDialect("message ids are scoped per user", (get) => {
  it("another user's message id neither clashes nor reveals that it exists", async () => {
    const app = createTestApp(get());
    const clientOf = async () => {
      const user = await taskUser(app);
      const contextId = await user.createContext();
      const client = await a2aClient(inProcessFetch(app, user.session.access_token), "assistant");
      return { user, contextId, client };
    };
    const alice = await clientOf();
    const bob = await clientOf();
    const withId = (contextId: string, text: string) => ({
      ...textMessage(contextId, text),
      messageId: "shared-message-id",
    });

    const first = (await alice.client.sendMessage(
      sendParams(withId(alice.contextId, "hello from alice")),
    )) as Task;
    expect(first.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const second = (await bob.client.sendMessage(
      sendParams(withId(bob.contextId, "hello from bob")),
    )) as Task;
    expect(second.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);

    const read = async (who: typeof alice, id: string) =>
      taskSchema.parse(await (await who.user.get(`/tasks/${id}`)).json());
    expect((await read(alice, first.id)).history[0]).toEqual({
      messageId: "shared-message-id",
      role: "user",
      parts: [{ kind: "text", text: "hello from alice" }],
      contextId: alice.contextId,
      taskId: first.id,
    });
    expect((await read(bob, second.id)).history[0]?.parts).toEqual([
      { kind: "text", text: "hello from bob" },
    ]);
  });
});
