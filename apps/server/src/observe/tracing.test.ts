import { randomBytes } from "node:crypto";
import { externalMcpServerSchema } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../agents/providers/fake-openai-server.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { addedAgentChats } from "../test/added-agent-chat.js";
import { createTestApp } from "../test/app.js";
import { createTestDatabase, type TestDatabase } from "../test/databases.js";
import { type ReceivedSpan, startOtlpReceiver } from "../test/otlp-receiver.js";
import { startRecordingMcp } from "../test/recording-mcp.js";
import { taskUser } from "../test/tasks.js";
import { tracingOn } from "./tracing.js";
import { startTracing, type Tracing, tracesUrl } from "./tracing-sdk.js";

/**
 * Tracing on (an OTLP endpoint set), against an in-test OTLP/HTTP receiver: a turn that calls
 * MCP tools is one trace with the right parents, the trace context reaches the tool servers and
 * an added agent, x-trace-id is the trace id, and no span carries the user's text or ids.
 */

/** Text the user sends and the tools get: it must appear in no exported span. */
const secret = "purple-elephant-4711";

const usage = () => ({ prompt_tokens: 7, completion_tokens: 2 });

/** The tools the model calls in turn: a configured server's, the user's own, a built-in one. */
const calls = [
  { name: "lookup_a", args: { query: secret } },
  { name: "lookup_b", args: { query: secret } },
  { name: "query_orders", args: { sort_by: "amount", order: "desc", limit: 2 } },
];

/** Calls the tools above one by one, then answers. */
function script(request: FakeChatRequest): FakeReply {
  const results = request.body.messages.filter((m) => m.role === "tool").length;
  const call = calls[results];
  if (call) {
    return {
      kind: "tool-call",
      id: `call-${results}`,
      name: call.name,
      argumentPieces: [JSON.stringify(call.args)],
      usage: usage(),
    };
  }
  return { kind: "text", chunks: ["Found ", secret], usage: usage() };
}

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let recorder: Awaited<ReturnType<typeof startRecordingMcp>>;
let fake: FakeOpenAiServer;
let tracing: Tracing | undefined;
let database: TestDatabase;
const agents = addedAgentChats();

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  recorder = await startRecordingMcp();
  fake = await startFakeOpenAiServer(script);
  database = await createTestDatabase("sqlite");
  tracing = await startTracing(
    { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin },
    pino({ level: "silent" }),
  );
});

afterAll(async () => {
  await tracing?.shutdown();
  await agents.closeAgents();
  await database?.destroy();
  await Promise.all([receiver?.close(), recorder?.close(), fake?.close()]);
});

const byId = (spans: ReceivedSpan[], id: string | undefined) => spans.find((s) => s.spanId === id);

/** The trace id and parent span id of a `traceparent` header. */
function traceparentOf(value: string | string[] | undefined) {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(String(value));
  return match ? { traceId: match[1], parentId: match[2] } : undefined;
}

/** Every attribute value of the spans, and the resource's, as text. */
const attributeText = (spans: ReceivedSpan[]) =>
  spans.flatMap((s) => [...Object.values(s.attributes), ...Object.values(s.resource)]).join("\n");

describe("OpenTelemetry traces", () => {
  it("is on with an endpoint: OTLP's rules for the traces URL", () => {
    expect(tracingOn()).toBe(true);
    expect(tracing?.url).toBe(`${receiver.origin}/v1/traces`);
    expect(tracesUrl({})).toBeUndefined();
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/" })).toBe(
      "http://c:4318/v1/traces",
    );
    expect(
      tracesUrl({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://t:4318/custom",
      }),
    ).toBe("http://t:4318/custom");
    expect(
      tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_SDK_DISABLED: "true" }),
    ).toBeUndefined();
  });

  it("makes a turn that calls MCP tools one trace: request, turn, model calls, tool calls, tool servers", async () => {
    const app = createTestApp(database, {
      config: {
        outbound: { allowHosts: ["127.0.0.1"], credentialsKey: randomBytes(32).toString("base64") },
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        mcp: { servers: [{ name: "recorder", url: `${recorder.origin}/a` }] },
        agents: [
          {
            name: "analyst",
            description: "Looks things up",
            systemPrompt: "Use tools.",
            model: "compatible:analyst-model",
            mcpServers: ["recorder", "analytics"],
            default: true,
          },
        ],
      },
    });
    const user = await taskUser(app);
    // The user's own MCP server, lent to the agent: reached through the proxy.
    const added = await app.request("/api/v1/mcp/external", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "notes", url: `${recorder.origin}/b` }),
    });
    const own = externalMcpServerSchema.parse(await added.json());
    const lent = await app.request(`/api/v1/mcp/external/${own.id}/agent-use`, {
      method: "PUT",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ agents: ["analyst"] }),
    });
    expect(lent.status).toBe(200);

    const contextId = await user.createContext();
    const traceIds: string[] = [];
    const base = inProcessFetch(app, user.session.access_token);
    const fetchImpl: typeof fetch = async (input, init) => {
      const res = await base(input, init);
      traceIds.push(res.headers.get("x-trace-id") ?? "");
      return res;
    };
    const client = await a2aClient(fetchImpl, "analyst");
    let state: TaskState | undefined;
    for await (const event of client.sendMessageStream(
      sendParams(textMessage(contextId, `look up ${secret}`)),
    )) {
      const payload = event.payload;
      if (payload?.$case === "statusUpdate") state = payload.value.status?.state;
      if (payload?.$case === "task") state = payload.value.status?.state;
    }
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
    await tracing?.flush();

    const turn = receiver.spans.find((s) => s.name === "invoke_agent analyst");
    expect(turn?.resource["service.name"]).toBe("a2a-chat");
    expect(turn?.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "analyst",
      "a2a_chat.turn.outcome": "completed",
    });
    const traceId = turn?.traceId ?? "";
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    // Each answer's x-trace-id is its request's trace id (the agent card's here: in process the
    // stream's own head is built without the middleware's headers).
    const card = receiver.spans.find((s) => s.name.endsWith("/.well-known/agent-card.json"));
    expect(traceIds[0]).toBe(card?.traceId);

    const request = byId(spans, turn?.parentSpanId);
    expect(request?.kind).toBe(2); // server
    expect(request?.name).toMatch(/^POST \/api\/v1\/agents\/:[^ ]+$/);
    expect(request?.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.response.status_code": 200,
    });

    const models = spans.filter((s) => s.name === "chat analyst-model");
    expect(models).toHaveLength(4);
    for (const model of models) {
      expect(model.parentSpanId).toBe(turn?.spanId);
      expect(model.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "compatible",
        "gen_ai.request.model": "analyst-model",
        "gen_ai.usage.input_tokens": 7,
        "gen_ai.usage.output_tokens": 2,
      });
    }

    // The configured server's call, and the server got its span as parent and the trace id.
    const configured = spans.find((s) => s.name === "tools/call lookup_a");
    expect(configured?.parentSpanId).toBe(turn?.spanId);
    expect(configured?.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "a2a_chat.mcp.server": "recorder",
      "gen_ai.tool.name": "lookup_a",
    });
    const callA = recorder.received.find((r) => r.path === "/a" && r.method === "tools/call");
    expect(traceparentOf(callA?.headers.traceparent)).toEqual({
      traceId,
      parentId: configured?.spanId,
    });
    expect(callA?.headers["x-trace-id"]).toBe(traceId);

    // The user's server: tool call → the proxy's request span → its outbound call → the server.
    const proxied = spans.find(
      (s) => s.name === "tools/call" && s.attributes["a2a_chat.mcp.server"] === "external",
    );
    expect(proxied?.parentSpanId).toBe(turn?.spanId);
    expect(proxied?.attributes["gen_ai.tool.name"]).toBeUndefined();
    const proxyRequests = spans.filter((s) => s.parentSpanId === proxied?.spanId);
    expect(proxyRequests.map((s) => s.name)).toContain("POST /api/v1/mcp/external/:id/mcp");
    const outbound = spans.filter(
      (s) => s.name === "POST mcp" && proxyRequests.some((r) => r.spanId === s.parentSpanId),
    );
    expect(outbound.length).toBeGreaterThan(0);
    const callB = recorder.received.find((r) => r.path === "/b" && r.method === "tools/call");
    const parentB = traceparentOf(callB?.headers.traceparent);
    expect(parentB?.traceId).toBe(traceId);
    expect(outbound.map((s) => s.spanId)).toContain(parentB?.parentId);
    expect(byId(spans, parentB?.parentId)?.attributes).toMatchObject({
      "a2a_chat.proxy.target": "mcp",
      "http.response.status_code": 200,
    });

    // A built-in server's call: its endpoint's request span is the call's child, and the
    // execution it records has the trace id (x-trace-id on the request).
    const builtin = spans.find((s) => s.name === "tools/call query_orders");
    expect(builtin?.parentSpanId).toBe(turn?.spanId);
    expect(builtin?.attributes).toMatchObject({
      "a2a_chat.mcp.server": "analytics",
      "gen_ai.tool.name": "query_orders",
    });
    const served = spans.filter((s) => s.parentSpanId === builtin?.spanId);
    expect(served.map((s) => s.name)).toContain("POST /api/v1/mcp/:name/mcp");
    const executions = await app.services.db.kysely
      .selectFrom("tool_executions")
      .select(["trace_id", "tool_name"])
      .where("context_id", "=", contextId)
      .execute();
    expect(executions).toContainEqual({ trace_id: traceId, tool_name: "query_orders" });

    // No text the user wrote (nor the tools' arguments or answers), no token, no ids.
    const exported = receiver.bodies.join("\n");
    expect(exported).not.toContain(secret);
    expect(exported).not.toContain(user.session.access_token);
    const attributes = attributeText(spans);
    for (const id of [contextId, user.session.user_id, own.id]) {
      expect(attributes).not.toContain(id);
    }
  });

  it("continues a caller's traceparent, and answers its trace id as x-trace-id", async () => {
    const app = createTestApp(database);
    const incoming = "0af7651916cd43dd8448eb211c80319c";
    const res = await app.request("/api/v1/health/ready", {
      headers: { traceparent: `00-${incoming}-b7ad6b7169203331-01`, "x-trace-id": "mine" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-trace-id")).toBe(incoming);
    await tracing?.flush();
    const span = receiver.spans.find((s) => s.traceId === incoming);
    expect(span).toMatchObject({
      name: "GET /api/v1/health/ready",
      parentSpanId: "b7ad6b7169203331",
      kind: 2,
      attributes: {
        "http.request.method": "GET",
        "http.route": "/api/v1/health/ready",
        "http.response.status_code": 200,
      },
    });
  });

  it("sends the trace context to an added agent through the proxy", async () => {
    const app = agents.appWith(database);
    const chat = await agents.userWithAgent(app, { behaviour: "echo" });
    const { task } = await agents.send(chat, `echo ${secret}`);
    expect(task.status.state).toBe("completed");
    await tracing?.flush();

    const turn = receiver.spans.find(
      (s) => s.name === "invoke_agent external" && s.attributes["a2a_chat.turn.outcome"],
    );
    expect(turn?.attributes["gen_ai.agent.name"]).toBe("external");
    const spans = receiver.spans.filter((s) => s.traceId === turn?.traceId);
    const calls = spans.filter((s) => s.name === "POST agent");
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.parentSpanId).toBe(turn?.spanId);
      expect(call.attributes).toMatchObject({
        "a2a_chat.proxy.target": "agent",
        "http.response.status_code": 200,
      });
    }
    const sent = chat.remote.received.filter((r) => r.method === "POST");
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      const parent = traceparentOf(request.headers.traceparent);
      expect(parent?.traceId).toBe(turn?.traceId);
      expect(calls.map((s) => s.spanId)).toContain(parent?.parentId);
    }
    expect(receiver.bodies.join("\n")).not.toContain(secret);
    expect(attributeText(spans)).not.toContain(chat.contextId);
  });
});
