import { mcpRegistryResponseSchema } from "@a2a-chat/contracts";
import type { StreamResponse } from "@a2a-js/sdk";
import { TaskState } from "@a2a-js/sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../agents/providers/fake-openai-server.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { type EverythingProcess, startEverything } from "../test/everything.js";
import { mcpClient } from "../test/mcp.js";
import { taskUser } from "../test/tasks.js";
import { anonymousSession } from "../test/tokens.js";
import { builtinServer } from "./builtin-servers.js";

/**
 * The real third-party `@modelcontextprotocol/server-everything`, started as its own process on a
 * free port, configured as an external MCP server: listed in the registry as running, and its
 * `echo` tool called by an agent whose model (a local fake OpenAI-compatible server) asks for it.
 */

const echoMessage = "hello from the agent";

function script(request: FakeChatRequest): FakeReply {
  const last = request.body.messages.at(-1);
  if (last?.role === "tool") {
    return { kind: "text", chunks: ["It echoed."], usage: usage() };
  }
  const wantsImage = request.body.messages.some(
    (m) => m.role === "user" && JSON.stringify(m.content).includes("tiny image"),
  );
  const wantsResearch = request.body.messages.some(
    (m) => m.role === "user" && JSON.stringify(m.content).includes("research tides"),
  );
  if (wantsResearch) {
    return {
      kind: "tool-call",
      id: "call-research",
      name: "simulate-research-query",
      argumentPieces: [JSON.stringify({ topic: "tides" })],
      usage: usage(),
    };
  }
  if (wantsImage) {
    return {
      kind: "tool-call",
      id: "call-image",
      name: "get-tiny-image",
      argumentPieces: ["{}"],
      usage: usage(),
    };
  }
  return {
    kind: "tool-call",
    id: "call-echo",
    name: "echo",
    argumentPieces: [JSON.stringify({ message: echoMessage })],
    usage: usage(),
  };
}
const usage = () => ({ prompt_tokens: 5, completion_tokens: 3 });

let fake: FakeOpenAiServer;
let everything: EverythingProcess;
let everythingUrl: string;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(script);
  everything = await startEverything();
  everythingUrl = everything.url;
}, 30_000);
afterAll(async () => {
  await fake?.close();
  await everything?.stop();
});

describeEachDialect("external MCP server: server-everything", (get) => {
  const makeApp = () =>
    createTestApp(get(), {
      config: {
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        mcp: {
          servers: [
            { name: "everything", url: everythingUrl, description: "Reference server" },
            // The same server again, with a secret in its URL's query.
            { name: "keyed", url: `${everythingUrl}?api_key=s3cret`, description: "Keyed" },
          ],
          probeTimeoutMs: 10_000,
        },
        agents: [
          {
            name: "echoer",
            description: "Uses the everything server",
            systemPrompt: "Use tools.",
            model: "compatible:fake-model",
            mcpServers: ["everything"],
            default: true,
          },
          {
            name: "carded",
            description: "Shows its MCP servers on its card",
            model: "compatible:fake-model",
            systemPrompt: "Use tools.",
            mcpServers: ["analytics", "keyed", "missing"],
          },
        ],
      },
    });

  it("is listed in the registry as running, reached through this site with a session", async () => {
    const app = makeApp();
    const res = await app.request("/api/v1/mcp/registry");
    expect(res.status).toBe(200);
    const { data } = mcpRegistryResponseSchema.parse(await res.json());
    const entry = data.find((e) => e.name === "everything");
    expect(entry).toMatchObject({
      endpoint: "http://localhost/api/v1/mcp/everything/mcp",
      enabled: true,
      status: "running",
      auth: "required",
      kind: "external",
    });
    expect(entry?.version).not.toBe("");
    // The server's own address shows nowhere, nor the key in the other's query.
    expect(JSON.stringify(data)).not.toContain(everythingUrl);
    expect(JSON.stringify(data)).not.toContain("s3cret");

    const { access_token: token } = await anonymousSession(app);
    const client = await mcpClient(app, "everything", token);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("echo");
      // Listed as the server lists it; the Tools column shows it as not runnable here.
      expect(names).toContain("simulate-research-query");
      const result = (await client.callTool({
        name: "echo",
        arguments: { message: "through the proxy" },
      })) as CallToolResult;
      expect(JSON.stringify(result.content)).toContain("Echo: through the proxy");
      // Recorded as this site's own servers' calls are: the record's id comes back.
      expect(result._meta?.mcp_execution_id).toEqual(expect.any(String));
    } finally {
      await client.close();
    }
  });

  it("is shown on agent cards at its endpoint on this site, with its version", async () => {
    const app = makeApp();
    const probe = new Client({ name: "t", version: "1" });
    await probe.connect(new StreamableHTTPClientTransport(new URL(everythingUrl)));
    const reported = probe.getServerVersion()?.version;
    await probe.close();
    expect(reported).toMatch(/\d/);

    const mcpServersOf = (card: unknown) =>
      (
        card as { capabilities: { extensions: { uri: string; params: { servers: unknown } }[] } }
      ).capabilities.extensions.find((e) => e.uri === "urn:a2a-chat:extension:mcp-servers:v1")
        ?.params.servers;
    const expected = [
      {
        name: "analytics",
        version: builtinServer("analytics")?.version,
        endpoint: "http://localhost/api/v1/mcp/analytics/mcp",
        status: "running",
      },
      {
        name: "keyed",
        version: reported,
        endpoint: "http://localhost/api/v1/mcp/keyed/mcp",
        status: "running",
      },
      { name: "missing", version: "", endpoint: "", status: "unknown" },
    ];
    for (const version of ["1.0", "0.3"]) {
      const res = await app.request("/api/v1/agents/carded/.well-known/agent-card.json", {
        headers: { "A2A-Version": version },
      });
      expect(res.status).toBe(200);
      const card = await res.json();
      expect(JSON.stringify(card)).not.toContain("s3cret");
      expect(mcpServersOf(card)).toEqual(expected);
    }
    const registry = (await (await app.request("/api/v1/agents/registry")).json()) as {
      data: { name: string }[];
    };
    const echoer = registry.data.find((card) => card.name === "echoer");
    expect(mcpServersOf(echoer)).toEqual([
      {
        name: "everything",
        version: reported,
        endpoint: "http://localhost/api/v1/mcp/everything/mcp",
        status: "running",
      },
    ]);
    expect(mcpServersOf(registry.data.find((card) => card.name === "carded"))).toEqual(expected);
  });

  it("lets an agent call its echo tool; the result goes back to the model", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const fetchImpl = inProcessFetch(app, user.session.access_token);
    const a2a = await a2aClient(fetchImpl, "echoer");
    const from = fake.requests.length;
    const events: StreamResponse[] = [];
    for await (const event of a2a.sendMessageStream(
      sendParams(textMessage(contextId, "echo something")),
    )) {
      events.push(event);
    }
    const last = events.at(-1)?.payload;
    const state =
      last?.$case === "statusUpdate"
        ? last.value.status?.state
        : last?.$case === "task"
          ? last.value.status?.state
          : undefined;
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);

    const requests = fake.requests.slice(from);
    expect(requests).toHaveLength(2);
    const offered = (requests[0]?.body.tools ?? []).map((t) => t.function.name);
    expect(offered).toContain("echo");
    // Its task-only tool (execution.taskSupport: required) is offered too: it runs as a task.
    expect(offered).toContain("simulate-research-query");
    const toolMessage = requests[1]?.body.messages.find((m) => m.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call-echo");
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain(`Echo: ${echoMessage}`);
  });

  it("runs a task-only tool as an MCP task when the agent calls it; the task's result goes to the model", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const a2a = await a2aClient(inProcessFetch(app, user.session.access_token), "echoer");
    const from = fake.requests.length;
    const events: StreamResponse[] = [];
    for await (const event of a2a.sendMessageStream(
      sendParams(textMessage(contextId, "research tides please")),
    )) {
      events.push(event);
    }
    const requests = fake.requests.slice(from);
    expect(requests).toHaveLength(2);
    const toolMessage = requests[1]?.body.messages.find((m) => m.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call-research");
    // The report is the task's result (tasks/result): called directly, the tool would fail.
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain("# Research Report: tides");
  }, 30_000);

  it("keeps a tool result's image as a file part of the agent's artifact, beside its text", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const a2a = await a2aClient(inProcessFetch(app, user.session.access_token), "echoer");
    const sent = await a2a.sendMessage(sendParams(textMessage(contextId, "show a tiny image")));
    if (!("id" in sent)) throw new Error("expected a task");
    let task = await a2a.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    for (let i = 0; i < 100 && task.status?.state !== TaskState.TASK_STATE_COMPLETED; i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = await a2a.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    }
    const res = await app.request(`/api/v1/core/tasks/${sent.id}`, { headers: user.headers });
    const stored = (await res.json()) as { artifacts: { name?: string; parts: unknown[] }[] };
    const artifact = stored.artifacts.find((a) => a.name === "get-tiny-image");
    expect(artifact?.parts).toEqual([
      {
        kind: "data",
        data: { text: "Here's the image you requested:\nThe image above is the MCP logo." },
      },
      {
        kind: "file",
        file: {
          mimeType: "image/png",
          bytes: expect.stringMatching(/^iVBORw0KGgo/),
          name: "get-tiny-image.png",
        },
      },
    ]);
  });
});
