import { describe, expect, it, vi } from "vitest";
import { sseReply } from "../../test/sse-fixture.js";
import type { ChatStreamEvent } from "../model/chat-types.js";
import { createAgentClient } from "./agent-client.js";
import { AgentClientError, isConnectionError, isPermissionError } from "./agent-client-error.js";
import { testAgent } from "./engine-fixtures.js";
import { buildOutgoingMessage } from "./outgoing-message.js";
import { pushNotificationUrl } from "./push-url.js";

const endpoint = `${window.location.origin}/api/v1/agents/assistant`;
const v1Card = {
  name: "assistant",
  description: "Helps",
  version: "1.0.0",
  supportedInterfaces: [{ url: endpoint, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true, pushNotifications: true },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [],
};
const v03Card = {
  name: "legacy",
  description: "Old",
  version: "0.1.0",
  url: `${window.location.origin}/legacy`,
  protocolVersion: "0.3.0",
  preferredTransport: "JSONRPC",
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [],
};

interface RpcRequest {
  id: number;
  method: string;
  params: Record<string, unknown>;
}

type Answer = (request: RpcRequest) => Response;

function fakeFetch(answer: Answer) {
  const calls: Array<{ url: string; headers: Headers; body: RpcRequest }> = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as RpcRequest;
    calls.push({ url: String(input), headers: new Headers(init?.headers), body });
    return answer(body);
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls };
}

const rpcEvents = (id: number, ...results: unknown[]) =>
  sseReply(
    ...results.map((result) => `data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`),
  );
const rpcJson = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const outgoing = buildOutgoingMessage({ text: "hi", contextId: "ctx-1", messageId: "m-1" });
const wireTask = {
  id: "task-1",
  contextId: "ctx-1",
  status: { state: "TASK_STATE_CANCELED", timestamp: "2025-01-01T00:00:02.000Z" },
  history: [{ messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }] }],
  artifacts: [],
  metadata: {
    task_type: "agent_message",
    agent_name: "assistant",
    created_at: "2025-01-01T00:00:00.000Z",
  },
};

describe("createAgentClient (protocol 1.0)", () => {
  const agent = testAgent({ card: v1Card });

  it("streams a message from the stored card with the bearer token, a fresh trace id and push config", async () => {
    const { fetchImpl, calls } = fakeFetch((request) =>
      rpcEvents(
        request.id,
        { task: { ...wireTask, status: { state: "TASK_STATE_SUBMITTED" } } },
        {
          statusUpdate: {
            taskId: "task-1",
            contextId: "ctx-1",
            status: {
              state: "TASK_STATE_WORKING",
              message: {
                messageId: "r1",
                role: "ROLE_AGENT",
                parts: [{ text: "Hel" }],
                metadata: { a2a_chat_delta: true },
              },
            },
          },
        },
        {
          statusUpdate: {
            taskId: "task-1",
            contextId: "ctx-1",
            status: {
              state: "TASK_STATE_COMPLETED",
              timestamp: "2025-01-01T00:00:03.000Z",
              message: { messageId: "r1", role: "ROLE_AGENT", parts: [{ text: "Hello" }] },
            },
          },
        },
      ),
    );
    const client = createAgentClient(agent, () => "tok-1", { fetchImpl });
    const events = await collect(
      client.sendStream(outgoing, {
        pushUrl: pushNotificationUrl("ctx-1", "https://chat.example"),
        token: "tok-1",
      }),
    );
    expect(events.map((e) => e.type)).toEqual(["task", "text", "status"]);
    expect(events[1]).toEqual({
      type: "text",
      taskId: "task-1",
      contextId: "ctx-1",
      delta: "Hel",
      messageId: "r1",
    });
    expect(events[2]).toMatchObject({
      state: "completed",
      final: true,
      message: { parts: [{ kind: "text", text: "Hello" }] },
    });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(endpoint);
    expect(call?.headers.get("Authorization")).toBe("Bearer tok-1");
    expect(call?.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body.method).toBe("SendStreamingMessage");
    expect(call?.body.params).toMatchObject({
      message: { messageId: "m-1", contextId: "ctx-1", role: "ROLE_USER", parts: [{ text: "hi" }] },
      configuration: {
        taskPushNotificationConfig: {
          url: "https://chat.example/api/v1/core/contexts/ctx-1/notifications",
          token: "tok-1",
        },
      },
    });
  });

  it("sends no token anywhere but this origin: a card listing this site first and a foreign host last", async () => {
    const { fetchImpl, calls } = fakeFetch((request) => rpcEvents(request.id, { task: wireTask }));
    const attacker = "https://attacker.example/a2a";
    const card = {
      ...v1Card,
      supportedInterfaces: [
        { url: endpoint, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        { url: attacker, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      ],
    };
    // The stored agent looks like ours (its url is the card's first interface).
    const agent = testAgent({ url: endpoint, card });
    const client = createAgentClient(agent, () => "tok-1", { fetchImpl });
    await collect(
      client.sendStream(outgoing, { pushUrl: pushNotificationUrl("ctx-1"), token: "tok-1" }),
    );
    await client.getTask("task-1").catch(() => undefined);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.url).toBe(attacker);
      expect(call.headers.has("Authorization")).toBe(false);
      expect(JSON.stringify(call.body)).not.toContain("tok-1");
    }
  });

  it("sends the token when the interface the SDK picks is this site, whatever comes first", async () => {
    const { fetchImpl, calls } = fakeFetch((request) => rpcEvents(request.id, { task: wireTask }));
    const card = {
      ...v1Card,
      supportedInterfaces: [
        {
          url: "https://elsewhere.example/a2a",
          protocolBinding: "JSONRPC",
          protocolVersion: "0.9",
        },
        { url: endpoint, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      ],
    };
    const agent = testAgent({ url: "https://elsewhere.example/a2a", card });
    await collect(
      createAgentClient(agent, () => "tok-1", { fetchImpl }).sendStream(outgoing, {
        pushUrl: pushNotificationUrl("ctx-1"),
        token: "tok-1",
      }),
    );
    expect(calls[0]?.url).toBe(endpoint);
    expect(calls[0]?.headers.get("Authorization")).toBe("Bearer tok-1");
    expect(calls[0]?.body.params).toMatchObject({
      configuration: { taskPushNotificationConfig: { token: "tok-1" } },
    });
  });

  it("sends no push config to an agent whose card has no push notifications", async () => {
    const { fetchImpl, calls } = fakeFetch((request) => rpcEvents(request.id, { task: wireTask }));
    const quiet = testAgent({
      card: v1Card,
      capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
    });
    await collect(
      createAgentClient(quiet, () => null, { fetchImpl }).sendStream(outgoing, {
        pushUrl: "https://x/y",
        token: "t",
      }),
    );
    expect(calls[0]?.body.params).not.toHaveProperty("configuration.taskPushNotificationConfig");
    expect(calls[0]?.headers.has("Authorization")).toBe(false);
  });

  it("names the extensions it supports that the agent declares in A2A-Extensions", async () => {
    const { fetchImpl, calls } = fakeFetch((request) =>
      rpcJson({ jsonrpc: "2.0", id: request.id, result: wireTask }),
    );
    const declared = {
      ...agent,
      extensions: [
        { uri: "urn:a2a-chat:extension:tools:v1", required: false, description: "" },
        { uri: "urn:example:unknown:v1", required: false, description: "" },
      ],
    };
    await createAgentClient(declared, () => "tok", { fetchImpl }).getTask("task-1");
    expect(calls[0]?.headers.get("A2A-Extensions")).toBe("urn:a2a-chat:extension:tools:v1");
    await createAgentClient(agent, () => "tok", { fetchImpl }).getTask("task-1");
    expect(calls[1]?.headers.has("A2A-Extensions")).toBe(false);
  });

  it("reads, cancels and resubscribes to tasks, each call with its own trace id", async () => {
    const { fetchImpl, calls } = fakeFetch((request) =>
      request.method === "SubscribeToTask"
        ? rpcEvents(request.id, { task: wireTask })
        : rpcJson({ jsonrpc: "2.0", id: request.id, result: wireTask }),
    );
    const client = createAgentClient(agent, () => "tok", { fetchImpl });
    const task = await client.getTask("task-1");
    expect(task).toMatchObject({
      id: "task-1",
      status: { state: "canceled" },
      history: [{ role: "user", parts: [{ kind: "text", text: "hi" }] }],
    });
    await client.cancelTask("task-1");
    const resubscribed = await collect(client.resubscribe("task-1"));
    expect(resubscribed).toMatchObject([{ type: "task", task: { id: "task-1" } }]);
    expect(calls.map((c) => [c.body.method, c.body.params.id])).toEqual([
      ["GetTask", "task-1"],
      ["CancelTask", "task-1"],
      ["SubscribeToTask", "task-1"],
    ]);
    expect(new Set(calls.map((c) => c.headers.get("x-trace-id"))).size).toBe(3);
  });

  it("raises 'A2A Error: {message}' for an error result, keeping its code", async () => {
    const { fetchImpl } = fakeFetch((request) =>
      rpcJson({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: -32010, message: "Insufficient permissions. This agent accepts: user" },
      }),
    );
    const client = createAgentClient(agent, () => "tok", { fetchImpl });
    const error = await client.getTask("task-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentClientError);
    expect(error).toMatchObject({
      message: "A2A Error: Insufficient permissions. This agent accepts: user",
      code: -32010,
    });
    expect(isPermissionError(error)).toBe(true);
  });

  it("reports a card it cannot connect with as a connection error, and retries later", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { fetchImpl, calls } = fakeFetch((request) =>
      rpcJson({ jsonrpc: "2.0", id: request.id, result: wireTask }),
    );
    const broken = testAgent({ card: { name: "x", supportedInterfaces: [] } });
    const client = createAgentClient(broken, () => "tok", { fetchImpl });
    const error = await client.getTask("task-1").catch((e: unknown) => e);
    expect(error).toMatchObject({ message: `Failed to connect to agent at ${broken.url}` });
    expect(isConnectionError(error)).toBe(true);
    expect(isConnectionError(new AgentClientError("other"))).toBe(false);
    expect(calls).toEqual([]);
  });

  it("names the HTTP status of a refused stream", async () => {
    const { fetchImpl } = fakeFetch(() =>
      rpcJson({ error: "unauthorized", message: "Invalid or expired JWT token" }, 401),
    );
    const client = createAgentClient(agent, () => "old", { fetchImpl });
    const error = await collect(client.sendStream(outgoing)).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "Invalid or expired JWT token", status: 401 });
    expect(isPermissionError(error)).toBe(true);
  });

  it("says 'Expected JSON response but received: {type}' for a web page where the agent should answer", async () => {
    const page = () =>
      new Response("<!doctype html><title>Welcome to nginx</title>", {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    const { fetchImpl } = fakeFetch(page);
    const client = createAgentClient(agent, () => "tok", { fetchImpl });
    const streamed = await collect(client.sendStream(outgoing)).catch((e: unknown) => e);
    expect(streamed).toBeInstanceOf(AgentClientError);
    expect(streamed).toMatchObject({
      message: "Expected JSON response but received: text/html; charset=utf-8",
      status: 200,
    });
    const read = await client.getTask("task-1").catch((e: unknown) => e);
    expect(read).toMatchObject({
      message: "Expected JSON response but received: text/html; charset=utf-8",
    });
  });
});

describe("createAgentClient (protocol 0.3)", () => {
  it("speaks v0.3 JSON-RPC through the SDK's compat transport", async () => {
    const { fetchImpl, calls } = fakeFetch((request) =>
      rpcEvents(
        request.id,
        {
          kind: "task",
          id: "task-9",
          contextId: "ctx-1",
          status: { state: "submitted" },
          history: [],
        },
        {
          kind: "status-update",
          taskId: "task-9",
          contextId: "ctx-1",
          status: {
            state: "completed",
            message: {
              kind: "message",
              messageId: "r9",
              role: "agent",
              parts: [{ kind: "text", text: "Old but gold" }],
            },
          },
          final: true,
        },
      ),
    );
    const agent = testAgent({
      protocol: "0.3",
      name: "legacy",
      url: `${window.location.origin}/legacy`,
      card: v03Card,
    });
    const events = await collect(
      createAgentClient(agent, () => "tok", { fetchImpl }).sendStream(outgoing),
    );
    expect(calls[0]?.url).toBe(`${window.location.origin}/legacy`);
    expect(calls[0]?.body.method).toBe("message/stream");
    expect(calls[0]?.headers.get("Authorization")).toBe("Bearer tok");
    expect(events).toMatchObject([
      {
        type: "task",
        task: { id: "task-9", metadata: { agent_name: "legacy", task_type: "agent_message" } },
      },
      {
        type: "status",
        state: "completed",
        final: true,
        message: { parts: [{ kind: "text", text: "Old but gold" }] },
      },
    ]);
  });
});
