import { randomBytes } from "node:crypto";
import { externalMcpListSchema, externalMcpServerSchema } from "@a2a-chat/contracts";
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
import { startMisbehavingMcp } from "../../test/misbehaving-mcp.js";
import { taskUser } from "../../test/tasks.js";

/**
 * A user lets this site's agents use an MCP server they added: the assistant's next turn is
 * offered its tools and calls one through the proxy, with the server's own credentials, never the
 * user's session token; the call is recorded in the user's conversation. Other users' turns, and
 * the user's once they take it back, are not offered it.
 */

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

const usage = () => ({ prompt_tokens: 5, completion_tokens: 3 });
function script(request: FakeChatRequest): FakeReply {
  const last = request.body.messages.at(-1);
  if (last?.role === "tool") return { kind: "text", chunks: ["Done."], usage: usage() };
  const offered = (request.body.tools ?? []).map((t) => t.function.name);
  if (!offered.includes("echo")) return { kind: "text", chunks: ["No echo here."], usage: usage() };
  return {
    kind: "tool-call",
    id: "call-echo",
    name: "echo",
    argumentPieces: [JSON.stringify({ text: "from the assistant" })],
    usage: usage(),
  };
}

let fake: FakeOpenAiServer;
let mcp: Awaited<ReturnType<typeof startMisbehavingMcp>>;
beforeAll(async () => {
  [fake, mcp] = await Promise.all([startFakeOpenAiServer(script), startMisbehavingMcp()]);
});
afterAll(async () => {
  await Promise.all([fake?.close(), mcp?.close()]);
});

const credentialsKey = randomBytes(32).toString("base64");

describeEachDialect("agents using the MCP servers a user added", (get) => {
  const makeApp = () =>
    createTestApp(get(), {
      config: {
        outbound: { allowHosts: ["127.0.0.1"], credentialsKey },
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        agents: [
          {
            name: "assistant",
            description: "Talks, and uses the tools it is given",
            systemPrompt: "Use tools.",
            model: "compatible:assistant",
            mcpServers: [],
            default: true,
          },
          {
            name: "helper",
            description: "Another agent of the site",
            systemPrompt: "Use tools.",
            model: "compatible:helper",
            mcpServers: [],
          },
        ],
      },
    });

  const send = (app: App, user: User, method: string, path: string, body: unknown) =>
    app.request(`/api/v1/mcp/external${path}`, {
      method,
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  async function turn(app: App, user: User, agent = "assistant") {
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, user.session.access_token), agent);
    const from = fake.requests.length;
    let state: TaskState | undefined;
    for await (const event of client.sendMessageStream(
      sendParams(textMessage(contextId, "say something back")),
    )) {
      const payload = event.payload;
      if (payload?.$case === "statusUpdate") state = payload.value.status?.state;
      if (payload?.$case === "task") state = payload.value.status?.state;
    }
    const requests = fake.requests.slice(from);
    const offered = (requests[0]?.body.tools ?? []).map((t) => t.function.name);
    return { contextId, state, requests, offered };
  }

  it("runs the tool of a server the user lets agents use, through the proxy with its own credentials", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const stranger = await taskUser(app);
    const added = await send(app, user, "POST", "", {
      name: "mine",
      url: `${mcp.origin}/auth-echo`,
      credentials: { kind: "bearer", token: "right" },
    });
    expect(added.status).toBe(201);
    const server = externalMcpServerSchema.parse(await added.json());
    expect(server.agent_use).toBe(false);
    expect(server.agents).toEqual([]);

    // Added, but kept to the Tools column: the assistant is not offered it.
    const before = await turn(app, user);
    expect(before.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(before.offered).not.toContain("echo");

    const given = await send(app, user, "PUT", `/${server.id}/agent-use`, { enabled: true });
    expect(given.status).toBe(200);
    expect(externalMcpServerSchema.parse(await given.json())).toMatchObject({
      agent_use: true,
      agents: "all",
    });
    const list = externalMcpListSchema.parse(
      await (await app.request("/api/v1/mcp/external", { headers: user.headers })).json(),
    );
    expect(list.data.map((s) => [s.name, s.agent_use])).toEqual([["mine", true]]);

    const seenFrom = mcp.received.length;
    const used = await turn(app, user);
    expect(used.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(used.offered).toContain("echo");
    expect(used.requests).toHaveLength(2);
    const toolMessage = used.requests[1]?.body.messages.find((m) => m.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call-echo");
    expect(JSON.stringify(toolMessage?.content)).toContain("Echo: from the assistant");

    // The server saw its own credentials on every request, never the user's token.
    const seen = mcp.received.slice(seenFrom);
    expect(seen.some((r) => r.body.includes('"tools/call"'))).toBe(true);
    for (const request of seen) {
      expect(request.path).toBe("/auth-echo");
      expect(request.headers.authorization).toBe("Bearer right");
      expect(JSON.stringify(request.headers)).not.toContain(user.session.access_token);
      expect(request.body).not.toContain(user.session.access_token);
    }

    // The call is the user's, in the conversation, under the agent's task.
    const { kysely } = app.services.db;
    const task = await kysely
      .selectFrom("tasks")
      .select(["id", "metadata"])
      .where("context_id", "=", used.contextId)
      .where("agent_name", "=", "assistant")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(task.metadata)).toMatchObject({
      tool_calls: [{ name: "echo", server: "mine" }],
    });
    const executions = await kysely
      .selectFrom("tool_executions")
      .selectAll()
      .where("context_id", "=", used.contextId)
      .execute();
    expect(executions).toHaveLength(1);
    expect(executions[0]).toMatchObject({
      user_id: user.owner.userId,
      task_id: task.id,
      server_name: "mine",
      tool_name: "echo",
      status: "completed",
    });

    // Another user's turn with the same agent is not offered it.
    const theirs = await turn(app, stranger);
    expect(theirs.offered).not.toContain("echo");

    // Taken back: the next turn is not offered it either.
    const back = await send(app, user, "PUT", `/${server.id}/agent-use`, { enabled: false });
    expect(externalMcpServerSchema.parse(await back.json()).agent_use).toBe(false);
    const after = await turn(app, user);
    expect(after.offered).not.toContain("echo");
  });

  it("offers the server only to the agents the user chose, and only in that user's turns", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const stranger = await taskUser(app);
    const server = externalMcpServerSchema.parse(
      await (
        await send(app, user, "POST", "", {
          name: "mine",
          url: `${mcp.origin}/auth-echo`,
          credentials: { kind: "bearer", token: "right" },
        })
      ).json(),
    );
    // The stranger lends their own server of the same name to every agent.
    const theirs = externalMcpServerSchema.parse(
      await (
        await send(app, stranger, "POST", "", { name: "mine", url: `${mcp.origin}/echo` })
      ).json(),
    );
    await send(app, stranger, "PUT", `/${theirs.id}/agent-use`, { agents: "all" });

    const chosen = await send(app, user, "PUT", `/${server.id}/agent-use`, {
      agents: ["helper", "helper"],
    });
    expect(chosen.status).toBe(200);
    expect(externalMcpServerSchema.parse(await chosen.json())).toMatchObject({
      agent_use: true,
      agents: ["helper"],
    });

    const helper = await turn(app, user, "helper");
    expect(helper.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(helper.offered).toContain("echo");
    const toolMessage = helper.requests[1]?.body.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain("Echo: from the assistant");
    const assistant = await turn(app, user, "assistant");
    expect(assistant.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(assistant.offered).not.toContain("echo");

    // The stranger's turns see only their own server, never the user's.
    const seenFrom = mcp.received.length;
    const strangers = await turn(app, stranger, "helper");
    expect(strangers.offered).toContain("echo");
    const seen = mcp.received.slice(seenFrom);
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) expect(request.path).toBe("/echo");
    const strangerList = externalMcpListSchema.parse(
      await (await app.request("/api/v1/mcp/external", { headers: stranger.headers })).json(),
    );
    expect(strangerList.data.map((s) => [s.id, s.agents])).toEqual([[theirs.id, "all"]]);

    // Both agents, then none: an empty list takes it back from every agent.
    const both = await send(app, user, "PUT", `/${server.id}/agent-use`, {
      agents: ["assistant", "helper"],
    });
    expect(externalMcpServerSchema.parse(await both.json()).agents).toEqual([
      "assistant",
      "helper",
    ]);
    expect((await turn(app, user, "assistant")).offered).toContain("echo");
    const none = await send(app, user, "PUT", `/${server.id}/agent-use`, { agents: [] });
    expect(externalMcpServerSchema.parse(await none.json())).toMatchObject({
      agent_use: false,
      agents: [],
    });
    expect((await turn(app, user, "helper")).offered).not.toContain("echo");
  });

  it("refuses an agent this site does not serve, by its name", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const server = externalMcpServerSchema.parse(
      await (await send(app, user, "POST", "", { name: "mine", url: `${mcp.origin}/echo` })).json(),
    );
    const unknown = await send(app, user, "PUT", `/${server.id}/agent-use`, {
      agents: ["helper", "nobody"],
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message?: string }).message).toBe("No agent named nobody");
    const list = externalMcpListSchema.parse(
      await (await app.request("/api/v1/mcp/external", { headers: user.headers })).json(),
    );
    expect(list.data[0]?.agents).toEqual([]);
  });

  it("refuses to change another user's server, and a body that is not a yes or no", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const other = await taskUser(app);
    const server = externalMcpServerSchema.parse(
      await (await send(app, user, "POST", "", { name: "mine", url: `${mcp.origin}/echo` })).json(),
    );
    const foreign = await send(app, other, "PUT", `/${server.id}/agent-use`, { enabled: true });
    expect(foreign.status).toBe(404);
    const wrong = await send(app, user, "PUT", `/${server.id}/agent-use`, { enabled: "yes" });
    expect(wrong.status).toBe(400);
    const list = externalMcpListSchema.parse(
      await (await app.request("/api/v1/mcp/external", { headers: user.headers })).json(),
    );
    expect(list.data[0]?.agent_use).toBe(false);
  });
});
