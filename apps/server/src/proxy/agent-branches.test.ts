import { contextRecordSchema, taskSchema } from "@a2a-chat/contracts";
import { afterAll, expect, it } from "vitest";
import { addedAgentChats } from "../test/added-agent-chat.js";
import { describeEachDialect } from "../test/databases.js";

const { appWith, userWithAgent, send, closeAgents } = addedAgentChats();
afterAll(closeAgents);

describeEachDialect("branches with an agent added by URL", (get) => {
  it("regenerates a reply as a new A2A task in the same context, a sibling of the first", async () => {
    const app = appWith(get());
    const chat = await userWithAgent(app, { behaviour: "echo" });
    const first = await send(chat, "question");
    // Regenerate: the conversation stops before the question, then it is sent again.
    const res = await app.request(`/api/v1/core/contexts/${chat.contextId}/branch`, {
      method: "PUT",
      headers: { ...chat.user.headers, "content-type": "application/json" },
      body: JSON.stringify({ task_id: null, exact: true }),
    });
    expect(contextRecordSchema.parse(await res.json()).leaf_task_id).toBeNull();
    const again = await send(chat, "question");
    expect(again.task.id).not.toBe(first.task.id);
    expect(again.task.contextId).toBe(chat.contextId);
    expect(again.task.status.state).toBe("completed");
    const tasks = taskSchema
      .array()
      .parse(await (await chat.user.get(`/contexts/${chat.contextId}/tasks`)).json());
    // Two siblings (both first tasks), both kept; the conversation shows the new one.
    expect(tasks.map((t) => t.metadata.parent_task_id)).toEqual([null, null]);
    const context = contextRecordSchema.parse(
      await (await chat.user.get(`/contexts/${chat.contextId}`)).json(),
    );
    expect(context.leaf_task_id).toBe(again.task.id);
  });
});
