import type { StreamResponse } from "@a2a-js/sdk";
import { TaskState } from "@a2a-js/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../../agents/providers/fake-openai-server.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

/**
 * An agent on a real AI SDK runner (against a local fake OpenAI-compatible server) calls a
 * built-in MCP tool through the server's streamable-HTTP endpoint with the caller's token: the
 * call's execution record and artifact belong to the agent's task.
 */

type App = ReturnType<typeof createTestApp>;

const toolArguments = { sort_by: "amount", order: "desc", limit: 3 };

function script(request: FakeChatRequest): FakeReply {
  const last = request.body.messages.at(-1);
  if (last?.role === "user" && JSON.stringify(last.content).includes("just talk")) {
    return { kind: "text", chunks: ["Sure."], usage: usage() };
  }
  if (last?.role === "tool") {
    return { kind: "text", chunks: ["Here are ", "the orders."], usage: usage() };
  }
  return {
    kind: "tool-call",
    id: "call-1",
    name: "query_orders",
    argumentPieces: [
      JSON.stringify(toolArguments).slice(0, 10),
      JSON.stringify(toolArguments).slice(10),
    ],
    usage: usage(),
  };
}
const usage = () => ({ prompt_tokens: 5, completion_tokens: 3 });

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(script);
});
afterAll(async () => {
  await fake.close();
});

async function run(
  app: App,
  agent: string,
  text = "show me the biggest orders",
  known?: Awaited<ReturnType<typeof taskUser>>,
) {
  const user = known ?? (await taskUser(app));
  const contextId = await user.createContext();
  const fetchImpl = inProcessFetch(app, user.session.access_token);
  const client = await a2aClient(fetchImpl, agent);
  const events: StreamResponse[] = [];
  const from = fake.requests.length;
  for await (const event of client.sendMessageStream(sendParams(textMessage(contextId, text)))) {
    events.push(event);
  }
  const last = events.at(-1)?.payload;
  const state =
    last?.$case === "statusUpdate"
      ? last.value.status?.state
      : last?.$case === "task"
        ? last.value.status?.state
        : undefined;
  return { user, contextId, events, state, requests: fake.requests.slice(from) };
}

describeEachDialect("agents calling MCP tools", (get) => {
  const makeApp = () =>
    createTestApp(get(), {
      config: {
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        mcp: { servers: [{ name: "broken", url: "http://127.0.0.1:9/mcp" }] },
        agents: [
          {
            name: "analyst",
            description: "Queries the sample orders",
            systemPrompt: "Use tools.",
            model: "compatible:analyst",
            mcpServers: ["analytics"],
            default: true,
          },
          {
            name: "shaky",
            description: "Has servers that are missing or down",
            systemPrompt: "Use tools.",
            model: "compatible:shaky",
            mcpServers: ["nowhere", "broken", "analytics"],
          },
        ],
      },
    });

  it("runs a built-in tool over MCP; its one artifact and execution belong to the agent's task", async () => {
    const app = makeApp();
    const { contextId, events, state, requests } = await run(app, "analyst");
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);

    // The model was offered the agent's tools, then given the tool's result.
    expect(requests).toHaveLength(2);
    const offered = (requests[0]?.body.tools ?? []).map((t) => t.function.name);
    expect(offered).toContain("query_orders");
    const toolMessage = requests[1]?.body.messages.find((m) => m.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call-1");
    expect(JSON.stringify(toolMessage?.content ?? "")).not.toBe('""');

    const { kysely } = app.services.db;
    const tasks = await kysely
      .selectFrom("tasks")
      .selectAll()
      .where("context_id", "=", contextId)
      .execute();
    expect(tasks.map((t) => t.task_type)).toEqual(["agent_message"]);
    const taskId = tasks[0]?.id ?? "";
    // The task names the MCP server its tool call went to (the Tasks table's MCP Server column).
    const taskMetadata = JSON.parse(tasks[0]?.metadata ?? "{}") as Record<string, unknown>;
    expect(taskMetadata.mcp_server_name).toBe("analytics");
    expect(taskMetadata.tool_calls).toMatchObject([{ name: "query_orders", server: "analytics" }]);

    const artifacts = await kysely
      .selectFrom("artifacts")
      .selectAll()
      .where("context_id", "=", contextId)
      .execute();
    expect(artifacts).toHaveLength(1);
    const artifact = artifacts[0];
    expect(artifact?.task_id).toBe(taskId);
    const metadata = JSON.parse(artifact?.metadata ?? "{}") as Record<string, unknown>;
    expect(metadata).toMatchObject({
      artifact_type: "table",
      tool_name: "query_orders",
      source: "mcp_tool",
      task_id: taskId,
    });

    const executions = await kysely
      .selectFrom("tool_executions")
      .selectAll()
      .where("context_id", "=", contextId)
      .execute();
    expect(executions).toHaveLength(1);
    expect(executions[0]).toMatchObject({
      task_id: taskId,
      tool_name: "query_orders",
      server_name: "analytics",
      status: "completed",
      artifact_id: artifact?.id,
    });
    expect(JSON.parse(executions[0]?.input ?? "{}")).toMatchObject(toolArguments);
    expect(metadata.mcp_execution_id).toBe(executions[0]?.id);

    // The stored artifact reached the A2A client once, as an artifact update.
    const updates = events.filter((e) => e.payload?.$case === "artifactUpdate");
    expect(updates).toHaveLength(1);
    const update = updates[0]?.payload;
    expect(update?.$case === "artifactUpdate" && update.value.artifact?.artifactId).toBe(
      artifact?.id,
    );
  });

  it("lists a built-in server's tools once per set of scopes: a later turn opens no MCP session until the model calls a tool", async () => {
    const app = makeApp();
    // Every MCP request the agent runtime sends to our own endpoint, by JSON-RPC method.
    const methods: string[] = [];
    const inner = app.services.selfFetch;
    if (!inner) throw new Error("the app has no self fetch");
    app.services.selfFetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "POST" && request.url.includes("/api/v1/mcp/")) {
        const body = (await request.clone().json()) as { method?: string };
        methods.push(`${request.headers.get("authorization") ? "token " : ""}${body.method}`);
      }
      return inner(request);
    };

    const first = await run(app, "analyst");
    expect(first.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(methods).toEqual([
      "token initialize",
      "token notifications/initialized",
      "token tools/list",
      "token tools/call",
    ]);

    // Another caller with the same scopes, a turn without tool calls: the same tools offered,
    // no MCP request at all.
    methods.length = 0;
    const second = await taskUser(app);
    const talk = await run(app, "analyst", "just talk", second);
    expect(talk.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(methods).toEqual([]);
    const offered = (talk.requests[0]?.body.tools ?? []).map((t) => t.function.name);
    expect(offered).toEqual((first.requests[0]?.body.tools ?? []).map((t) => t.function.name));

    // Its turn with a tool call opens a session then (with its own token), but lists nothing.
    const called = await run(app, "analyst", "show me the biggest orders", second);
    expect(called.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(methods).toEqual([
      "token initialize",
      "token notifications/initialized",
      "token tools/call",
    ]);
    const executions = await app.services.db.kysely
      .selectFrom("tool_executions")
      .select(["user_id", "status"])
      .where("context_id", "=", called.contextId)
      .execute();
    expect(executions).toEqual([{ user_id: second.owner.userId, status: "completed" }]);
  });

  it("skips servers that are unknown or unreachable; the run still completes", async () => {
    const app = makeApp();
    const { contextId, state, requests } = await run(app, "shaky");
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
    const offered = (requests[0]?.body.tools ?? []).map((t) => t.function.name);
    expect(offered).toContain("query_orders");
    const artifacts = await app.services.db.kysely
      .selectFrom("artifacts")
      .select("id")
      .where("context_id", "=", contextId)
      .execute();
    expect(artifacts).toHaveLength(1);
  });
});
