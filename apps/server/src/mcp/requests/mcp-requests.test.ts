import { randomBytes } from "node:crypto";
import {
  externalMcpServerSchema,
  type McpRequest,
  mcpRequestListSchema,
  mcpRequestMessages,
} from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from "../../agents/providers/fake-openai-server.js";
import { inProcessFetch } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { taskUser } from "../../test/tasks.js";

/**
 * The real server-everything added by a user: its elicitation and sampling tools run through
 * the proxy, their questions reach the user as pending requests, and the user's answers (posted
 * to the API) go back to the server.
 */

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

let everything: EverythingProcess;
let fake: FakeOpenAiServer;
beforeAll(async () => {
  everything = await startEverything();
  fake = await startFakeOpenAiServer(() => ({
    kind: "text",
    chunks: ["Sampled ", "words."],
    usage: { prompt_tokens: 3, completion_tokens: 2 },
  }));
}, 60_000);
afterAll(async () => {
  await Promise.all([everything?.stop(), fake?.close()]);
});

const credentialsKey = randomBytes(32).toString("base64");
const appWith = (db: Parameters<typeof createTestApp>[0], extra: Record<string, unknown> = {}) =>
  createTestApp(db, {
    config: {
      outbound: { allowHosts: ["127.0.0.1"], credentialsKey },
      providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k", model: "fake-model" } },
      ...extra,
    },
  });

async function addEverything(app: App, user: User) {
  const res = await app.request("/api/v1/mcp/external", {
    method: "POST",
    headers: { ...user.headers, "content-type": "application/json" },
    body: JSON.stringify({ name: "Everything", url: everything.url }),
  });
  expect(res.status).toBe(201);
  return externalMcpServerSchema.parse(await res.json());
}

async function proxyClient(app: App, user: User, endpoint: string, contextId: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost${endpoint}`), {
    fetch: inProcessFetch(app, user.session.access_token),
    requestInit: { headers: { "x-context-id": contextId } },
  });
  const client = new Client({ name: "browser", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function pending(app: App, user: User): Promise<McpRequest[]> {
  const res = await app.request("/api/v1/mcp/requests", { headers: user.headers });
  expect(res.status).toBe(200);
  return mcpRequestListSchema.parse(await res.json()).data;
}

/** Waits for the user's first pending request. */
async function firstPending(app: App, user: User): Promise<McpRequest> {
  for (let i = 0; i < 200; i += 1) {
    const [request] = await pending(app, user);
    if (request) return request;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no request came");
}

function answer(app: App, user: User, id: string, body: unknown) {
  return app.request(`/api/v1/mcp/requests/${id}/answer`, {
    method: "POST",
    headers: { ...user.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function setup(app: App) {
  const user = await taskUser(app);
  const server = await addEverything(app, user);
  const contextId = await user.createContext();
  const client = await proxyClient(app, user, server.endpoint, contextId);
  return { user, client, contextId };
}

const textOf = (result: CallToolResult) => JSON.stringify(result.content);

describeEachDialect("MCP elicitation and sampling through the proxy", (get) => {
  it("declares elicitation and sampling upstream, so the server lists the tools that need them", async () => {
    const app = appWith(get());
    const { client } = await setup(app);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "trigger-elicitation-request",
        "trigger-url-elicitation",
        "trigger-sampling-request",
      ]),
    );
    await client.close();
  });

  it("shows an elicitation to its user alone (stream and list), and their answer goes back", async () => {
    const app = appWith(get());
    const { user, client, contextId } = await setup(app);
    const stream = await user.openStream();
    const other = await taskUser(app);
    const otherStream = await other.openStream();
    const call = client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    const request = await firstPending(app, user);
    expect(request).toMatchObject({
      kind: "elicitation",
      server_name: "Everything",
      context_id: contextId,
      status: "pending",
    });
    expect(request.params.message).toBe("Please provide inputs for the following fields:");
    let created = await stream.next();
    while (created.event !== "mcp_request_created") created = await stream.next();
    expect(created.envelope.data).toMatchObject({ id: request.id, kind: "elicitation" });

    // Another user neither sees it (listed or streamed) nor can answer it.
    expect(await pending(app, other)).toEqual([]);
    await expect(otherStream.next(300)).rejects.toThrow("no event within 300 ms");
    const stolen = await answer(app, other, request.id, { action: "decline" });
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(await stolen.json())).toContain(mcpRequestMessages.notFound);

    // A bad answer is refused with its reason and changes nothing.
    const bad = await answer(app, user, request.id, { action: "maybe" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'action: Invalid option: expected one of "accept"|"decline"|"cancel"',
    );
    expect(await pending(app, user)).toHaveLength(1);

    const ok = await answer(app, user, request.id, {
      action: "accept",
      content: { name: "Ada Lovelace", check: true, email: "ada@example.com" },
    });
    expect(ok.status).toBe(200);
    const result = (await call) as CallToolResult;
    expect(textOf(result)).toContain("Ada Lovelace");
    expect(textOf(result)).toContain("accept");
    expect(await pending(app, user)).toEqual([]);
    // A second answer is too late.
    const again = await answer(app, user, request.id, { action: "decline" });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain(mcpRequestMessages.over);
    await client.close();
  });

  it("reads an answer given before the waiting call watched for it (no poll in time)", async () => {
    const app = appWith(get(), { mcp: { askPollSeconds: 600 } });
    const { user, client } = await setup(app);
    // This replica is still connecting its LISTEN when the user answers: the answer's notice
    // reaches nobody, so only a read after the watch begins can find it.
    let listening: () => void = () => {};
    const connected = new Promise<void>((resolve) => {
      listening = resolve;
    });
    vi.spyOn(app.services.notifier, "ready").mockReturnValue(connected);
    const call = client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    const request = await firstPending(app, user);
    const ok = await answer(app, user, request.id, {
      action: "accept",
      content: { name: "Early" },
    });
    expect(ok.status).toBe(200);
    listening();
    const result = await Promise.race([
      call as Promise<CallToolResult>,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("the call never heard the answer")), 10_000),
      ),
    ]);
    expect(textOf(result)).toContain("Early");
    await client.close();
  });

  it("passes a decline back, and a URL elicitation carries its URL", async () => {
    const app = appWith(get());
    const { user, client } = await setup(app);
    const declined = client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    const first = await firstPending(app, user);
    expect((await answer(app, user, first.id, { action: "decline" })).status).toBe(200);
    expect(textOf((await declined) as CallToolResult)).toContain("decline");

    const url = "https://example.com/connect?step=1";
    const opened = client.callTool({ name: "trigger-url-elicitation", arguments: { url } });
    const second = await firstPending(app, user);
    expect(second.params).toMatchObject({ mode: "url", url });
    expect((await answer(app, user, second.id, { action: "accept" })).status).toBe(200);
    expect(textOf((await opened) as CallToolResult)).toContain("accept");
    await client.close();
  });

  it("runs an approved sampling request on the configured model, with the user's edits", async () => {
    const app = appWith(get());
    const { user, client } = await setup(app);
    const from = fake.requests.length;
    const call = client.callTool({
      name: "trigger-sampling-request",
      arguments: { prompt: "say hi", maxTokens: 50 },
    });
    const request = await firstPending(app, user);
    expect(request.kind).toBe("sampling");
    expect(request.params).toMatchObject({
      systemPrompt: "You are a helpful test server.",
      maxTokens: 50,
    });
    // Nothing ran before the user approved.
    expect(fake.requests.length).toBe(from);
    const res = await answer(app, user, request.id, {
      action: "approve",
      system_prompt: "Be brief.",
      max_tokens: 20,
    });
    expect(res.status).toBe(200);
    const result = (await call) as CallToolResult;
    expect(textOf(result)).toContain("Sampled words.");
    const sent = fake.requests.slice(from);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.body.messages)).toContain("Be brief.");
    expect(JSON.stringify(sent[0]?.body.messages)).toContain("say hi");
    await client.close();
  });

  it("passes a denied sampling request back as the server's error, running nothing", async () => {
    const app = appWith(get());
    const { user, client } = await setup(app);
    const from = fake.requests.length;
    const call = client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "x" } });
    const request = await firstPending(app, user);
    expect((await answer(app, user, request.id, { action: "deny" })).status).toBe(200);
    const result = (await call) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(mcpRequestMessages.samplingDenied);
    expect(fake.requests.length).toBe(from);
    await client.close();
  });

  it("declines sampling at once with a clear reason when no model is configured", async () => {
    const app = createTestApp(get(), {
      config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } },
    });
    const { user, client } = await setup(app);
    const result = (await client.callTool({
      name: "trigger-sampling-request",
      arguments: { prompt: "x" },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(mcpRequestMessages.noModel);
    expect(await pending(app, user)).toEqual([]);
    await client.close();
  });

  it("cancels the elicitation when nobody answers in time; a late answer is refused", async () => {
    const app = appWith(get(), { mcp: { askTimeoutSeconds: 0.5 } });
    const { user, client } = await setup(app);
    const call = client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    const request = await firstPending(app, user);
    const started = Date.now();
    const result = (await call) as CallToolResult;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(textOf(result)).toContain("cancel");
    expect(await pending(app, user)).toEqual([]);
    const late = await answer(app, user, request.id, { action: "accept", content: {} });
    expect(late.status).toBe(409);
    await client.close();
  });
});
