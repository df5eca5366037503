import {
  artifactCreatedDataSchema,
  artifactSchema,
  taskSchema,
  toolExecutionCompletedDataSchema,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { ArtifactsRepository } from "../../db/repositories/artifacts.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";
import { toolCallFingerprint } from "../artifacts/fingerprint.js";
import { completeExecution, failExecution } from "./finish-execution.js";
import { startExecution } from "./start-execution.js";

const endpoint = "http://localhost:8080/api/v1/mcp/analytics/mcp";
const call = { serverName: "analytics", serverEndpoint: endpoint, toolName: "query_sales" };
const tableSchema = {
  type: "object",
  "x-artifact-type": "table",
  "x-rendering-hints": { page_size: 10 },
};
const tableResult = (rows: number) => ({
  content: [{ type: "text", text: "rows" }],
  structuredContent: { items: Array.from({ length: rows }, (_, i) => ({ id: i })) },
});

describeEachDialect("tool execution records", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const contextId = await u.createContext();
    return { app, u, contextId };
  };

  it("records a user's call, stores its artifact and completes its own mcp_execution task", async () => {
    const { app, u, contextId } = await setup();
    const started = await startExecution(app.services, u.owner, {
      ...call,
      input: { region: "EU", year: 2024 },
      contextId,
      traceId: "trace-1",
      renderBehavior: "both",
    });
    expect(started).toMatchObject({
      status: "executing",
      context_id: contextId,
      input: { region: "EU", year: 2024 },
      output: null,
      completed_at: null,
      execution_time_ms: null,
      trace_id: "trace-1",
      render_behavior: "both",
    });
    const taskId = started.task_id;
    if (taskId === null) throw new Error("a user call in a conversation gets a task");
    const running = taskSchema.parse(await (await u.get(`/tasks/${taskId}`)).json());
    expect(running.status.state).toBe("working");
    expect(running.metadata).toMatchObject({
      task_type: "mcp_execution",
      agent_name: "mcp",
      mcp_server_name: "analytics",
      mcp_execution_id: started.id,
    });

    const done = await completeExecution(app.services, u.owner, started.id, {
      result: tableResult(2),
      outputSchema: tableSchema,
      toolExecutionId: "client-call-1",
    });
    expect(done.execution).toMatchObject({
      id: started.id,
      status: "completed",
      error: null,
      output: tableResult(2),
      artifact_id: started.id,
    });
    expect(done.execution.completed_at).not.toBeNull();
    expect(done.execution.execution_time_ms).toBeGreaterThanOrEqual(0);
    expect(done.task?.status.state).toBe("completed");

    const stored = artifactSchema.parse(await (await u.get(`/artifacts/${started.id}`)).json());
    expect(stored.parts).toEqual([{ kind: "data", data: tableResult(2).structuredContent }]);
    expect(stored.metadata).toEqual({
      artifact_type: "table",
      context_id: contextId,
      created_at: done.execution.completed_at,
      task_id: taskId,
      tool_name: "query_sales",
      tool_execution_id: "client-call-1",
      mcp_execution_id: started.id,
      source: "mcp_tool",
      rendering_hints: { page_size: 10 },
      fingerprint: toolCallFingerprint("analytics", "query_sales", { year: 2024, region: "EU" }),
      is_internal: false,
    });
    const finished = taskSchema.parse(await (await u.get(`/tasks/${taskId}`)).json());
    expect(finished.status.state).toBe("completed");
    expect(finished.artifacts.map((a) => a.artifactId)).toEqual([started.id]);
    expect(finished.metadata.execution_time_ms).toBeGreaterThanOrEqual(0);

    await expect(
      completeExecution(app.services, u.owner, started.id, { result: tableResult(1) }),
    ).rejects.toMatchObject({ code: "conflict", message: "Execution is already completed" });
  });

  it("replaces the artifact of an earlier call with the same fingerprint in one task", async () => {
    const { app, u, contextId } = await setup();
    const parent = await u.task(contextId, "m-1", "show sales");
    const run = async (input: unknown, rows: number) => {
      const started = await startExecution(app.services, u.owner, {
        ...call,
        input,
        taskId: parent.id,
      });
      expect(started).toMatchObject({ task_id: parent.id, context_id: contextId });
      return completeExecution(app.services, u.owner, started.id, {
        result: tableResult(rows),
        outputSchema: tableSchema,
      });
    };
    const first = await run({ region: "EU", year: 2024 }, 1);
    const other = await run({ region: "US" }, 3);
    const second = await run({ year: 2024, region: "EU" }, 2);
    const artifacts = new ArtifactsRepository(get().db.kysely);
    const ids = (await artifacts.listForTasks([parent.id])).map((a) => a.id).sort();
    expect(ids).toEqual([other.execution.id, second.execution.id].sort());
    expect(await artifacts.findById(first.execution.id)).toBeUndefined();
    expect(second.artifact?.metadata.fingerprint).toBe(first.artifact?.metadata.fingerprint);
    // A call inside an agent's task leaves that task to the agent.
    expect(second.task).toBeUndefined();
    const parentNow = taskSchema.parse(await (await u.get(`/tasks/${parent.id}`)).json());
    expect(parentNow.status.state).toBe(parent.status.state);
  });

  it("emits tool_execution_completed with the record on the live stream", async () => {
    const { app, u, contextId } = await setup();
    const stream = await u.openStream();
    try {
      const started = await startExecution(app.services, u.owner, {
        ...call,
        input: {},
        contextId,
      });
      await completeExecution(app.services, u.owner, started.id, {
        result: tableResult(1),
        outputSchema: tableSchema,
      });
      const seen: string[] = [];
      for (;;) {
        const { event, envelope } = await stream.next();
        seen.push(event ?? "");
        if (event === "artifact_created") {
          const data = artifactCreatedDataSchema.parse(envelope.data);
          expect(data.artifact.metadata.mcp_execution_id).toBe(started.id);
        }
        if (event !== "tool_execution_completed") continue;
        expect(envelope.context_id).toBe(contextId);
        const record = toolExecutionCompletedDataSchema.parse(envelope.data);
        expect(record).toMatchObject({
          id: started.id,
          status: "completed",
          tool_name: "query_sales",
        });
        break;
      }
      expect(seen).toEqual(
        expect.arrayContaining(["task_created", "artifact_created", "task_completed"]),
      );
      expect(seen.indexOf("artifact_created")).toBeLessThan(seen.indexOf("task_completed"));
    } finally {
      await stream.close();
    }
  });

  it("records a failed tool as error with a tool_error artifact and fails its task", async () => {
    const { app, u, contextId } = await setup();
    const started = await startExecution(app.services, u.owner, {
      ...call,
      input: {},
      contextId,
    });
    const done = await completeExecution(app.services, u.owner, started.id, {
      result: { isError: true, content: [{ type: "text", text: "Region not found" }] },
      outputSchema: tableSchema,
    });
    expect(done.execution).toMatchObject({ status: "error", error: "Region not found" });
    expect(done.artifact?.metadata).toMatchObject({ type: "tool_error", artifact_type: "json" });
    expect(done.task?.status.state).toBe("failed");
    expect(done.task?.status.message?.parts).toEqual([{ kind: "text", text: "Region not found" }]);
  });

  it("records a transport failure without an artifact", async () => {
    const { app, u, contextId } = await setup();
    const started = await startExecution(app.services, u.owner, {
      ...call,
      input: {},
      contextId,
    });
    const failed = await failExecution(app.services, u.owner, started.id, "connect ECONNREFUSED");
    expect(failed.execution).toMatchObject({
      status: "error",
      error: "connect ECONNREFUSED",
      output: null,
      artifact_id: null,
    });
    expect(failed.artifact).toBeUndefined();
    expect(failed.task?.status.state).toBe("failed");
  });

  it("records 'Invalid artifact' when the result cannot become an artifact", async () => {
    const { app, u, contextId } = await setup();
    const started = await startExecution(app.services, u.owner, {
      ...call,
      input: {},
      contextId,
    });
    const done = await completeExecution(app.services, u.owner, started.id, {
      result: { content: [{ type: "image", data: "not base64!", mimeType: "image/png" }] },
    });
    expect(done.execution).toMatchObject({ status: "error", error: "Invalid artifact" });
    expect(done.artifact).toBeUndefined();
    expect(done.task?.status.state).toBe("failed");
  });

  it("records a call outside any conversation without a task or artifact", async () => {
    const { app, u } = await setup();
    const started = await startExecution(app.services, u.owner, { ...call, input: { q: 1 } });
    expect(started).toMatchObject({ context_id: null, task_id: null });
    const done = await completeExecution(app.services, u.owner, started.id, {
      result: tableResult(1),
    });
    expect(done.execution).toMatchObject({ status: "completed", artifact_id: null });
    expect(done.artifact).toBeUndefined();
  });

  it("refuses another user's conversation, task and execution", async () => {
    const { app, u, contextId } = await setup();
    const bob = await taskUser(app);
    const aliceTask = await u.task(contextId, "m-1");
    await expect(
      startExecution(app.services, bob.owner, { ...call, input: {}, contextId }),
    ).rejects.toMatchObject({ code: "not_found", message: "Context not found" });
    await expect(
      startExecution(app.services, bob.owner, { ...call, input: {}, taskId: aliceTask.id }),
    ).rejects.toMatchObject({ code: "not_found", message: "Task not found" });
    const started = await startExecution(app.services, u.owner, {
      ...call,
      input: {},
      contextId,
    });
    await expect(
      completeExecution(app.services, bob.owner, started.id, { result: tableResult(1) }),
    ).rejects.toMatchObject({ code: "not_found", message: "Execution not found" });
    await expect(failExecution(app.services, bob.owner, started.id, "x")).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
