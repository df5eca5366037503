import { contextRecordSchema, contextStatsDataSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";
import { completeExecution, failExecution } from "./finish-execution.js";
import { startExecution } from "./start-execution.js";

const call = {
  serverName: "analytics",
  serverEndpoint: "http://localhost:8080/api/v1/mcp/analytics/mcp",
  toolName: "query_sales",
};
const result = { content: [{ type: "text", text: "42 sales" }] };

describeEachDialect("a conversation's message count with tool runs", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const contextId = await u.createContext();
    const count = async () =>
      contextRecordSchema.parse(await (await u.get(`/contexts/${contextId}`)).json()).message_count;
    const run = (renderBehavior?: "inline" | "both" | "modal" | "silent") =>
      startExecution(app.services, u.owner, {
        ...call,
        input: {},
        contextId,
        ...(renderBehavior ? { renderBehavior } : {}),
      });
    return { app, u, contextId, count, run };
  };

  it("counts each direct run whose result shows in the thread as a message, and says so live", async () => {
    const { app, u, contextId, count, run } = await setup();
    await u.task(contextId, "m-1", "hello");
    expect(await count()).toBe(1);
    const stream = await u.openStream();
    try {
      for (let i = 0; i < 11; i += 1) {
        const started = await run(i % 2 === 0 ? "inline" : "both");
        await completeExecution(app.services, u.owner, started.id, { result });
      }
      expect(await count()).toBe(12);
      let last = -1;
      while (last !== 12) {
        const { event, envelope } = await stream.next();
        if (event === "context_stats")
          last = contextStatsDataSchema.parse(envelope.data).message_count;
      }
    } finally {
      await stream.close();
    }
    // What a reload reads: the snapshot's list.
    const listed = contextRecordSchema.array().parse(await (await u.get("/contexts")).json());
    expect(listed.find((c) => c.context_id === contextId)?.message_count).toBe(12);
  });

  it("leaves out results shown only in the tool-result window, but counts their failures", async () => {
    const { app, u, count, run } = await setup();
    for (const behavior of ["modal", "silent"] as const) {
      const started = await run(behavior);
      await completeExecution(app.services, u.owner, started.id, { result });
    }
    expect(await count()).toBe(0);
    const failed = await run("modal");
    await failExecution(app.services, u.owner, failed.id, "The server went away");
    expect(await count()).toBe(1);
  });

  it("does not count a call made outside any conversation or within an agent's task", async () => {
    const { app, u, contextId, count } = await setup();
    const outside = await startExecution(app.services, u.owner, { ...call, input: {} });
    await completeExecution(app.services, u.owner, outside.id, { result });
    const task = await u.task(contextId, "m-2", "chart please");
    expect(await count()).toBe(1);
    const inTask = await startExecution(app.services, u.owner, {
      ...call,
      input: {},
      contextId,
      taskId: task.id,
    });
    await completeExecution(app.services, u.owner, inTask.id, { result });
    expect(await count()).toBe(1);
  });
});
