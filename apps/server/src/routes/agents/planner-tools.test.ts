import { readToolCalls } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

/**
 * The default agent with no provider configured runs the planner, which answers clear requests
 * by calling the agent's built-in MCP tools: every artifact type is reachable without a model.
 */

type App = ReturnType<typeof createTestApp>;

async function client(app: App, token: string, agent: string) {
  const fetchImpl = inProcessFetch(app, token);
  return a2aClient(fetchImpl, agent);
}

/** Request → the artifact type and tool it must produce. */
const requests: [string, string, string][] = [
  ["table of orders in europe", "table", "query_orders"],
  ["pie chart of sales by region", "chart", "sales_chart"],
  ["show me a dashboard", "dashboard", "server_metrics"],
  ["a feedback form please", "form", "feedback_form"],
  ["code sample in python", "code", "code_sample"],
  ["search docs agent card", "knowledge_query", "search_docs"],
  ["docs tree", "tree", "docs_tree"],
  ["welcome card", "presentation_card", "welcome_card"],
  ["release notes", "markdown", "release_notes"],
  ["config as json", "json", "config_summary"],
];

interface StoredArtifact {
  metadata: Record<string, unknown>;
}
interface StoredTask {
  id: string;
  metadata: Record<string, unknown>;
}

describeEachDialect("the planner calling built-in tools", (get) => {
  // Ten turns in a row: more than the default 20 s under a full run's load.
  it("produces every artifact type in one conversation, on the agent's tasks", {
    timeout: 60_000,
  }, async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const assistant = await client(app, user.session.access_token, "assistant");

    for (const [text, type, tool] of requests) {
      const sent = await assistant.sendMessage(sendParams(textMessage(contextId, text)));
      if (!("id" in sent)) throw new Error("expected a task");
      expect(sent.status?.state, text).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(
        sent.artifacts.map((a) => a.metadata?.artifact_type),
        text,
      ).toEqual([type]);
      expect(sent.artifacts[0]?.metadata?.tool_name, text).toBe(tool);
    }

    const tasks = (await (await user.get(`/contexts/${contextId}/tasks`)).json()) as StoredTask[];
    expect(tasks).toHaveLength(requests.length);
    expect(new Set(tasks.map((t) => t.metadata.task_type))).toEqual(new Set(["agent_message"]));
    // Each task records the tool call the agent made, with its result, for the chat to show.
    for (const [text, , tool] of requests) {
      const calls = tasks.flatMap((t) => readToolCalls(t.metadata));
      const call = calls.find((c) => c.name === tool);
      expect(call, text).toMatchObject({ result: { is_error: false } });
      expect(call?.arguments, text).toEqual(expect.any(Object));
    }
    const taskIds = new Set(tasks.map((t) => t.id));

    const artifacts = (await (
      await user.get(`/contexts/${contextId}/artifacts`)
    ).json()) as StoredArtifact[];
    expect(artifacts).toHaveLength(requests.length);
    for (const [text, type, tool] of requests) {
      const artifact = artifacts.find((a) => a.metadata.tool_name === tool);
      expect(artifact?.metadata, text).toMatchObject({ artifact_type: type, source: "mcp_tool" });
      expect(artifact?.metadata.mcp_execution_id, text).toEqual(expect.any(String));
      expect(taskIds.has(String(artifact?.metadata.task_id)), text).toBe(true);
    }
    expect(new Set(artifacts.map((a) => a.metadata.artifact_type))).toEqual(
      new Set(requests.map(([, type]) => type)),
    );
  });

  it("falls back to sample artifacts or a plain sentence when the agent lacks the tool", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const coder = await client(app, user.session.access_token, "coder");

    const orders = await coder.sendMessage(sendParams(textMessage(contextId, "table of orders")));
    if (!("id" in orders)) throw new Error("expected a task");
    expect(orders.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(orders.artifacts[0]?.metadata?.artifact_type).toBe("table");
    expect(orders.artifacts[0]?.metadata?.tool_name).toBeUndefined();

    const report = await coder.sendMessage(sendParams(textMessage(contextId, "report")));
    if (!("id" in report)) throw new Error("expected a task");
    expect(report.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(report.artifacts).toEqual([]);
    const said = (report.history ?? [])
      .flatMap((m) => m.parts.map((p) => (p.content?.$case === "text" ? p.content.value : "")))
      .join("");
    expect(`${said}${JSON.stringify(report.status?.message ?? {})}`).toContain("build_report");

    // The coder has the product server: a code sample still comes from its tool.
    const code = await coder.sendMessage(sendParams(textMessage(contextId, "code in bash")));
    if (!("id" in code)) throw new Error("expected a task");
    expect(code.artifacts[0]?.metadata).toMatchObject({
      artifact_type: "code",
      tool_name: "code_sample",
      source: "mcp_tool",
    });
  });

  it("a reply stopped while its tool runs: the call reads cancelled, no artifact, the task canceled", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const assistant = await client(app, user.session.access_token, "assistant");
    let taskId = "";
    let canceled: TaskState | undefined;
    for await (const event of assistant.sendMessageStream(
      sendParams(textMessage(contextId, "build the sales report")),
    )) {
      if (event.payload?.$case === "task") taskId = event.payload.value.id;
      const called =
        event.payload?.$case === "statusUpdate" &&
        readToolCalls(event.payload.value.metadata).some((c) => c.name === "build_report");
      if (called && canceled === undefined) {
        const task = await assistant.cancelTask({ tenant: "", id: taskId, metadata: undefined });
        canceled = task.status?.state;
      }
    }
    expect(canceled).toBe(TaskState.TASK_STATE_CANCELED);
    const stored = (await (await user.get(`/tasks/${taskId}`)).json()) as StoredTask & {
      artifacts: unknown[];
      status: { state: string };
    };
    expect(stored.status.state).toBe("canceled");
    expect(readToolCalls(stored.metadata)).toEqual([
      expect.objectContaining({ name: "build_report", cancelled: true }),
    ]);
    // The tool's answer to the abort ('Report cancelled') is no result for the user.
    let artifacts: unknown[] = [];
    let execution: { status: string; error: string | null } | undefined;
    // The tool's end is stored after the task's: waited for by a deadline, not a count of
    // 20 ms polls (two seconds were missed under a full run's load).
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      execution = await app.services.db.kysely
        .selectFrom("tool_executions")
        .select(["status", "error"])
        .where("task_id", "=", taskId)
        .executeTakeFirst();
      if (execution?.status === "error") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(execution).toEqual({ status: "error", error: "Cancelled" });
    artifacts = (await (await user.get(`/tasks/${taskId}/artifacts`)).json()) as unknown[];
    expect(artifacts).toEqual([]);
  });
});
