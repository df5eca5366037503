import { toolExecutionRecordSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { completeExecution } from "../../mcp/executions/finish-execution.js";
import { startExecution } from "../../mcp/executions/start-execution.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

describeEachDialect("/api/v1/mcp/executions", (get) => {
  it("returns the caller's record, hides it from others and needs a token", async () => {
    const app = createTestApp(get());
    const alice = await taskUser(app);
    const bob = await taskUser(app);
    const contextId = await alice.createContext();
    const started = await startExecution(app.services, alice.owner, {
      serverName: "analytics",
      serverEndpoint: "http://localhost/api/v1/mcp/analytics/mcp",
      toolName: "query_sales",
      input: { region: "EU" },
      contextId,
    });
    await completeExecution(app.services, alice.owner, started.id, {
      result: { content: [], structuredContent: { items: [{ a: 1 }] } },
    });
    const path = `/api/v1/mcp/executions/${started.id}`;

    const res = await app.request(path, { headers: alice.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const record = toolExecutionRecordSchema.parse(await res.json());
    expect(record).toMatchObject({
      id: started.id,
      server_endpoint: "http://localhost/api/v1/mcp/analytics/mcp",
      server_name: "analytics",
      tool_name: "query_sales",
      input: { region: "EU" },
      output: { content: [], structuredContent: { items: [{ a: 1 }] } },
      status: "completed",
      context_id: contextId,
      task_id: started.task_id,
      artifact_id: started.id,
    });

    for (const id of [started.id, "unknown-id"]) {
      const hidden = await app.request(`/api/v1/mcp/executions/${id}`, { headers: bob.headers });
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({ error: "not_found", message: "Execution not found" });
    }
    expect((await app.request(path)).status).toBe(401);

    // A record made in a conversation goes with it (the last conversation cannot be deleted).
    await alice.createContext("Other");
    expect((await alice.deleteContext(contextId)).status).toBeLessThan(300);
    expect((await app.request(path, { headers: alice.headers })).status).toBe(404);
  });
});
