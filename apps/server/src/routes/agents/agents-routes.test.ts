import { taskSchema } from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import {
  isLegacyAgentCard,
  LegacyJsonRpcTransport,
  parseLegacyAgentCard,
} from "@a2a-js/sdk/compat/v0_3/client";
import { describe, expect, it } from "vitest";
import { extensionUris } from "../../agents/agent-cards.js";
import {
  plannerAuthConfirmation,
  plannerAuthMessage,
  plannerQuestions,
} from "../../agents/planner/planner-runner.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;
type CardExtension = { uri: string; params: Record<string, unknown> };
interface CardJson {
  supportedInterfaces: unknown[];
  capabilities: { extensions: CardExtension[] } & Record<string, unknown>;
  securityRequirements: unknown[];
}

async function setup(app: App) {
  const user = await taskUser(app);
  const contextId = await user.createContext();
  const fetchImpl = inProcessFetch(app, user.session.access_token);
  const v1 = await a2aClient(fetchImpl, "assistant");
  const v03 = new LegacyJsonRpcTransport({
    endpoint: "http://localhost/api/v1/agents/assistant",
    fetchImpl,
  });
  return { user, contextId, v1, v03 };
}

function streamedText(events: StreamResponse[]): string {
  return events
    .map((e) =>
      e.payload?.$case === "statusUpdate" &&
      e.payload.value.status?.state === TaskState.TASK_STATE_WORKING
        ? (e.payload.value.status.message?.parts ?? [])
            .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
            .join("")
        : "",
    )
    .join("");
}

describe("agent registry and cards", () => {
  it("lists the default agent first and serves v1.0 cards with our extensions", async () => {
    const { createTestDatabase } = await import("../../test/databases.js");
    const database = await createTestDatabase("sqlite");
    try {
      const app = createTestApp(database, {
        config: {
          agents: [
            {
              name: "coder",
              description: "Code",
              systemPrompt: "Code.",
              requiredScopes: ["admin"],
            },
            { name: "assistant", description: "Help", systemPrompt: "Help.", default: true },
          ],
        },
      });
      const registry = await app.request("/api/v1/agents/registry");
      expect(registry.status).toBe(200);
      const { data } = (await registry.json()) as { data: Record<string, unknown>[] };
      expect(data.map((card) => card.name)).toEqual(["assistant", "coder"]);

      const res = await app.request("/api/v1/agents/coder/.well-known/agent-card.json", {
        headers: { "A2A-Version": "1.0" },
      });
      const card = (await res.json()) as CardJson;
      expect(card.supportedInterfaces).toEqual([
        {
          url: "http://localhost/api/v1/agents/coder",
          protocolBinding: "JSONRPC",
          protocolVersion: "1.0",
        },
        {
          url: "http://localhost/api/v1/agents/coder",
          protocolBinding: "JSONRPC",
          protocolVersion: "0.3",
        },
      ]);
      expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: true });
      const uris = card.capabilities.extensions.map((e) => e.uri);
      expect(uris).toEqual(Object.values(extensionUris));
      const status = card.capabilities.extensions.find(
        (e) => e.uri === extensionUris.serviceStatus,
      );
      expect(status?.params).toMatchObject({ status: "Running", default: false, pid: process.pid });
      expect(card.securityRequirements).toEqual([{ schemes: { bearer: { list: ["admin"] } } }]);

      const missing = await app.request("/api/v1/agents/nobody/.well-known/agent-card.json");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({
        error: "not_found",
        message: "No agent named nobody",
      });

      // Scope refusal: an anonymous caller cannot reach an admin-only agent.
      const user = await taskUser(app);
      const refused = await app.request("/api/v1/agents/coder", {
        method: "POST",
        headers: { ...user.headers, "content-type": "application/json", "A2A-Version": "1.0" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "GetTask", params: { id: "x" } }),
      });
      expect(refused.status).toBe(200);
      expect(await refused.json()).toMatchObject({
        jsonrpc: "2.0",
        id: 7,
        error: { code: -32010 },
      });

      const anonymous = await app.request("/api/v1/agents/assistant", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(anonymous.status).toBe(401);
    } finally {
      await database.destroy();
    }
  });
});

describeEachDialect("A2A endpoint with the SDK clients", (get) => {
  it("v1.0: sends, streams, gets and cancels; tasks land in our tables", async () => {
    const app = createTestApp(get());
    const { user, contextId, v1 } = await setup(app);

    const sent = await v1.sendMessage(sendParams(textMessage(contextId, "table of planets")));
    if (!("id" in sent)) throw new Error("expected a task");
    expect(sent.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(sent.artifacts[0]?.metadata?.artifact_type).toBe("table");

    const stored = taskSchema.parse(await (await user.get(`/tasks/${sent.id}`)).json());
    expect(stored.metadata).toMatchObject({
      task_type: "agent_message",
      agent_name: "assistant",
      model: "planner",
    });
    expect(stored.metadata.execution_time_ms).toBeGreaterThanOrEqual(0);
    expect(stored.history.map((m) => m.role)).toEqual(["user", "agent"]);

    const events: StreamResponse[] = [];
    for await (const event of v1.sendMessageStream(sendParams(textMessage(contextId, "hello"))))
      events.push(event);
    expect(streamedText(events)).toContain("No language model is configured");
    // Streamed: the text arrives in working updates (joined at most every few milliseconds, so
    // how many depends on the pace), then the final state.
    const states = events.flatMap((e) =>
      e.payload?.$case === "statusUpdate" ? [e.payload.value.status?.state] : [],
    );
    expect(states.filter((s) => s === TaskState.TASK_STATE_WORKING).length).toBeGreaterThan(0);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_COMPLETED);

    const fetched = await v1.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    expect(fetched.id).toBe(sent.id);

    const asking = await v1.sendMessage(sendParams(textMessage(contextId, "ask me something")));
    if (!("id" in asking)) throw new Error("expected a task");
    expect(asking.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const canceled = await v1.cancelTask({ tenant: "", id: asking.id, metadata: undefined });
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it("v1.0: input-required round trip continues the same task", async () => {
    const app = createTestApp(get());
    const { contextId, v1 } = await setup(app);
    const first = await v1.sendMessage(sendParams(textMessage(contextId, "make a table")));
    if (!("id" in first)) throw new Error("expected a task");
    expect(first.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const question = first.status?.message?.parts[0]?.content;
    expect(question).toEqual({ $case: "text", value: plannerQuestions.table });
    const second = await v1.sendMessage(sendParams(textMessage(contextId, "fruits", first.id)));
    if (!("id" in second)) throw new Error("expected a task");
    expect(second.id).toBe(first.id);
    expect(second.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(second.artifacts.map((a) => a.name)).toContain("Table of fruits");
  });

  it("v1.0: auth-required round trip resumes the same task when the user answers", async () => {
    const app = createTestApp(get());
    const { user, contextId, v1 } = await setup(app);
    const storedTask = async (id: string) =>
      taskSchema.parse(await (await user.get(`/tasks/${id}`)).json());
    const first = await v1.sendMessage(sendParams(textMessage(contextId, "connect my account")));
    if (!("id" in first)) throw new Error("expected a task");
    expect(first.status?.state).toBe(TaskState.TASK_STATE_AUTH_REQUIRED);
    expect(first.status?.message?.parts[0]?.content).toEqual({
      $case: "text",
      value: plannerAuthMessage("your account"),
    });
    const waiting = await storedTask(first.id);
    expect(waiting.status.state).toBe("auth-required");
    expect(waiting.history.map((m) => m.role)).toEqual(["user", "agent"]);

    const second = await v1.sendMessage(sendParams(textMessage(contextId, "done", first.id)));
    if (!("id" in second)) throw new Error("expected a task");
    expect(second.id).toBe(first.id);
    expect(second.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const done = await storedTask(first.id);
    expect(done.status.state).toBe("completed");
    expect(done.history.map((m) => m.role)).toEqual(["user", "agent", "user", "agent"]);
    expect(done.history.at(-1)?.parts[0]).toEqual({
      kind: "text",
      text: plannerAuthConfirmation("your account"),
    });
  });

  it("v1.0 streaming: a question or an authorization ends the stream, and the answer streams the same task from its task event", async () => {
    const app = createTestApp(get());
    const { user, contextId, v1 } = await setup(app);
    const streamed = async (text: string, taskId = "") => {
      const events: StreamResponse[] = [];
      for await (const event of v1.sendMessageStream(
        sendParams(textMessage(contextId, text, taskId)),
      ))
        events.push(event);
      return events;
    };
    const lastState = (events: StreamResponse[]) => {
      const last = events.at(-1)?.payload;
      return last?.$case === "statusUpdate" || last?.$case === "task"
        ? last.value.status?.state
        : undefined;
    };
    const taskOf = (events: StreamResponse[]) => {
      const first = events[0]?.payload;
      if (first?.$case !== "task") throw new Error(`first event is ${first?.$case}`);
      return first.value;
    };

    for (const [ask, answer, waiting] of [
      ["make a table", "fruits", TaskState.TASK_STATE_INPUT_REQUIRED],
      ["connect my github account", "done", TaskState.TASK_STATE_AUTH_REQUIRED],
    ] as const) {
      // The stream ends by itself at the wait (auth-required used to stay open forever).
      const first = await streamed(ask);
      expect(lastState(first)).toBe(waiting);
      const task = taskOf(first);
      // The answer's stream starts with the task (the SDK client refuses anything else).
      const second = await streamed(answer, task.id);
      expect(taskOf(second)).toMatchObject({
        id: task.id,
        status: { state: TaskState.TASK_STATE_WORKING },
      });
      expect(lastState(second)).toBe(TaskState.TASK_STATE_COMPLETED);
      const stored = taskSchema.parse(await (await user.get(`/tasks/${task.id}`)).json());
      expect(stored.status.state).toBe("completed");
      expect(stored.history.map((m) => m.role)).toEqual(["user", "agent", "user", "agent"]);
    }

    // Resubscribing to a task that waits gives the task and ends.
    const asking = taskOf(await streamed("ask me something"));
    const events: StreamResponse[] = [];
    for await (const event of v1.resubscribeTask({ tenant: "", id: asking.id })) events.push(event);
    expect(events).toHaveLength(1);
    expect(lastState(events)).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
  });

  it("v0.3: sends, streams, gets and cancels", async () => {
    const app = createTestApp(get());
    const { contextId, v03 } = await setup(app);
    const sent = await v03.sendMessage(sendParams(textMessage(contextId, "chart of sales")));
    if (!("id" in sent)) throw new Error("expected a task");
    expect(sent.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const events: StreamResponse[] = [];
    for await (const event of v03.sendMessageStream(sendParams(textMessage(contextId, "help"))))
      events.push(event);
    expect(streamedText(events)).toContain("table of");
    const fetched = await v03.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    expect(fetched.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const asking = await v03.sendMessage(sendParams(textMessage(contextId, "ask me something")));
    if (!("id" in asking)) throw new Error("expected a task");
    const canceled = await v03.cancelTask({ tenant: "", id: asking.id, metadata: undefined });
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it("v0.3: serves the 0.3 card on A2A-Version 0.3, and the SDK's compat client runs from it", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const path = "/api/v1/agents/assistant/.well-known/agent-card.json";
    const v1 = await app.request(path, { headers: { "A2A-Version": "1.0" } });
    expect(v1.headers.get("vary")).toContain("A2A-Version");
    expect(isLegacyAgentCard(await v1.json())).toBe(false);

    const res = await app.request(path, { headers: { "A2A-Version": "0.3" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toContain("A2A-Version");
    const raw = (await res.json()) as Record<string, unknown>;
    expect(raw).toMatchObject({
      url: "http://localhost/api/v1/agents/assistant",
      protocolVersion: "0.3.0",
      preferredTransport: "JSONRPC",
      capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: true },
    });
    expect(raw).not.toHaveProperty("supportedInterfaces");
    expect(isLegacyAgentCard(raw)).toBe(true);
    const parsed = parseLegacyAgentCard(raw);
    const endpoint = parsed.supportedInterfaces[0]?.url ?? "";
    expect(parsed.supportedInterfaces[0]?.protocolVersion).toMatch(/^0\.3/);

    const v03 = new LegacyJsonRpcTransport({
      endpoint,
      fetchImpl: inProcessFetch(app, user.session.access_token),
    });
    const sent = await v03.sendMessage(sendParams(textMessage(contextId, "help")));
    if (!("id" in sent)) throw new Error("expected a task");
    expect(sent.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("finishes a run whose stream was dropped, and refuses another user's conversation", async () => {
    const app = createTestApp(get());
    const { user, contextId, v1 } = await setup(app);
    const controller = new AbortController();
    let taskId = "";
    try {
      for await (const event of v1.sendMessageStream(
        sendParams(textMessage(contextId, "dashboard")),
        {
          signal: controller.signal,
        },
      )) {
        if (event.payload?.$case === "task") {
          taskId = event.payload.value.id;
          controller.abort();
        }
      }
    } catch {
      // the abort ends the client's stream
    }
    expect(taskId).not.toBe("");
    let state = "";
    for (let i = 0; i < 100 && state !== "completed"; i += 1) {
      state = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json()).status.state;
      if (state !== "completed") await new Promise((r) => setTimeout(r, 20));
    }
    const task = await v1.getTask({ tenant: "", id: taskId, historyLength: undefined });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts[0]?.metadata?.artifact_type).toBe("dashboard");

    const other = await setup(app);
    await expect(other.v1.sendMessage(sendParams(textMessage(contextId, "hello")))).rejects.toThrow(
      /one of your conversations/,
    );
    await expect(
      other.v1.getTask({ tenant: "", id: taskId, historyLength: undefined }),
    ).rejects.toThrow();
  });
});
