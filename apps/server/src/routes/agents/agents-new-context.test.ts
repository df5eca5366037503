import { contextRecordSchema, taskSchema } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

describeEachDialect("A2A message without a contextId", (get) => {
  it("starts a new conversation of the caller's, listed and streamed like any other", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    await user.createContext("Existing");
    const stream = await user.openStream();
    const fetchImpl = inProcessFetch(app, user.session.access_token);
    const v1 = await a2aClient(fetchImpl, "assistant");

    const sent = await v1.sendMessage(sendParams(textMessage("", "Plan a trip to Rome\nin May")));
    if (!("id" in sent)) throw new Error("expected a task");
    expect(sent.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(sent.contextId).not.toBe("");

    const list = contextRecordSchema.array().parse(await (await user.get("/contexts")).json());
    expect(list.map((c) => c.name)).toEqual(["Plan a trip to Rome", "Existing"]);
    expect(list[0]).toMatchObject({ context_id: sent.contextId, message_count: 2, task_count: 1 });
    const task = taskSchema.parse(await (await user.get(`/tasks/${sent.id}`)).json());
    expect(task.contextId).toBe(sent.contextId);

    // The live stream announces the conversation before anything happens in it.
    const seen: string[] = [];
    for (let i = 0; i < 20 && !seen.includes("task_completed"); i += 1) {
      const event = await stream.next(3000);
      if (event.envelope.context_id === sent.contextId && event.event) seen.push(event.event);
    }
    expect(seen[0]).toBe("context_created");
    expect(seen).toContain("message_added");
    expect(seen).toContain("task_completed");
    await stream.close();

    // The v0.3 client may leave it out too; streaming works the same way.
    const v03 = new LegacyJsonRpcTransport({
      endpoint: "http://localhost/api/v1/agents/assistant",
      fetchImpl,
    });
    let contextId = "";
    for await (const event of v03.sendMessageStream(sendParams(textMessage("", "hello")))) {
      if (event.payload?.$case === "task") contextId = event.payload.value.contextId;
    }
    const after = contextRecordSchema.array().parse(await (await user.get("/contexts")).json());
    expect(after).toHaveLength(3);
    expect(after.find((c) => c.context_id === contextId)?.name).toBe("hello");

    // Another user never sees them.
    const other = await taskUser(app);
    expect(await (await other.get("/contexts")).json()).toEqual([]);
  });
});
