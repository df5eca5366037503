import { randomBytes } from "node:crypto";
import {
  externalAgentListSchema,
  externalAgentSchema,
  externalMcpListSchema,
  externalMcpServerSchema,
} from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ExternalMcpServersRepository } from "../db/repositories/external-mcp-servers.js";
import { agentCredentialsBinding, mcpCredentialsBinding } from "../proxy/credential-binding.js";
import { SecretBox } from "../proxy/secret-box.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { startTestAgent } from "../test/a2a-test-agent.js";
import { accountClient, passkeyLimitsOff } from "../test/accounts.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { startMisbehavingMcp } from "../test/misbehaving-mcp.js";
import { taskUser } from "../test/tasks.js";

type App = ReturnType<typeof createTestApp>;

const credentialsKey = randomBytes(32).toString("base64");
const box = new SecretBox(credentialsKey);

let remote: Awaited<ReturnType<typeof startTestAgent>>;
let mcp: Awaited<ReturnType<typeof startMisbehavingMcp>>;
beforeAll(async () => {
  [remote, mcp] = await Promise.all([startTestAgent(), startMisbehavingMcp()]);
});
afterAll(async () => {
  await Promise.all([remote?.close(), mcp?.close()]);
});

const appWith = (db: Parameters<typeof createTestApp>[0]) =>
  createTestApp(db, {
    config: { ...passkeyLimitsOff, outbound: { allowHosts: ["127.0.0.1"], credentialsKey } },
  });

async function post(app: App, token: string, path: string, body: unknown) {
  const res = await app.request(path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 201) throw new Error(`${path} ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
const addAgent = async (app: App, token: string, body: unknown) =>
  externalAgentSchema.parse(await post(app, token, "/api/v1/agents/external", body));
const addServer = async (app: App, token: string, body: unknown) =>
  externalMcpServerSchema.parse(await post(app, token, "/api/v1/mcp/external", body));

const listAgents = async (app: App, token: string) =>
  externalAgentListSchema.parse(
    await (
      await app.request("/api/v1/agents/external", {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json(),
  ).data;
const listServers = async (app: App, token: string) =>
  externalMcpListSchema.parse(
    await (
      await app.request("/api/v1/mcp/external", { headers: { authorization: `Bearer ${token}` } })
    ).json(),
  ).data;

/** Tool names listed through this site's proxy of a user-added server (its credentials at work). */
async function toolsThroughProxy(app: App, token: string, endpoint: string, contextId?: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost${endpoint}`), {
    fetch: inProcessFetch(app, token),
    requestInit: { headers: contextId ? { "x-context-id": contextId } : {} },
  });
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  // A call (its result does not matter) leaves an execution record naming the proxy endpoint.
  if (contextId) await client.callTool({ name: "slow", arguments: {} }).catch(() => undefined);
  await client.close();
  return tools.map((t) => t.name);
}

async function chat(app: App, token: string, agentId: string, contextId: string, text: string) {
  const client = await a2aClient(inProcessFetch(app, token), `external/${agentId}`);
  for await (const _ of client.sendMessageStream(sendParams(textMessage(contextId, text)))) {
    // Read to the end: the turn is stored when the stream closes.
  }
}

describeEachDialect("a visitor's added agents and MCP servers move to their account", (get) => {
  const rowsOf = async (userId: string) => {
    const { kysely } = get().db;
    const agents = await kysely
      .selectFrom("external_agents")
      .selectAll()
      .where("user_id", "=", userId)
      .execute();
    const servers = await kysely
      .selectFrom("external_mcp_servers")
      .selectAll()
      .where("user_id", "=", userId)
      .execute();
    return { agents, servers };
  };

  it("moves them on registering: listed for the account, credentials sealed for it and still working", async () => {
    const app = appWith(get());
    const visitor = await taskUser(app);
    const token = visitor.session.access_token;
    const agent = await addAgent(app, token, {
      url: remote.url,
      credentials: { kind: "bearer", token: "agent-secret" },
    });
    const server = await addServer(app, token, {
      name: "guarded",
      url: `${mcp.origin}/auth`,
      credentials: { kind: "bearer", token: "right" },
    });
    const lent = await app.request(`/api/v1/mcp/external/${server.id}/agent-use`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ agents: ["assistant"] }),
    });
    expect(lent.status).toBe(200);
    // An OAuth server the visitor signed in to: its tokens are part of the sealed credentials.
    const oauthTokens = { access_token: "oauth-access", token_type: "Bearer", refresh_token: "r1" };
    const oauth = await new ExternalMcpServersRepository(get().db.kysely).upsert({
      userId: visitor.owner.userId,
      name: "signed-in",
      url: "https://tools.example.com/mcp",
      transport: "streamable_http",
      timeoutMs: 30_000,
      credentials: box.seal(
        JSON.stringify({ kind: "oauth", tokens: oauthTokens }),
        mcpCredentialsBinding({ user_id: visitor.owner.userId, name: "signed-in" }),
      ),
    });

    const account = await accountClient(app).signUp(
      { username: `byo_${Date.now().toString(36)}`, email: `byo.${Date.now()}@example.com` },
      token,
    );
    const accountToken = account.access_token;

    expect(await rowsOf(visitor.owner.userId)).toEqual({ agents: [], servers: [] });
    expect((await listAgents(app, accountToken)).map((a) => a.id)).toEqual([agent.id]);
    const servers = await listServers(app, accountToken);
    expect(servers.map((s) => [s.id, s.credentials_kind, s.oauth, s.agents])).toEqual([
      [server.id, "bearer", undefined, ["assistant"]],
      [oauth.id, "oauth", "signed_in", []],
    ]);

    // Sealed again for the account: the same values open with the new binding, not the old.
    const { agents: agentRows, servers: serverRows } = await rowsOf(account.user_id);
    const agentRow = agentRows[0];
    if (!agentRow?.credentials) throw new Error("the agent's credentials were lost");
    expect(JSON.parse(box.open(agentRow.credentials, agentCredentialsBinding(agentRow)))).toEqual({
      kind: "bearer",
      token: "agent-secret",
    });
    expect(() =>
      box.open(
        agentRow.credentials ?? "",
        agentCredentialsBinding({ user_id: visitor.owner.userId, url: agentRow.url }),
      ),
    ).toThrow();
    const oauthRow = serverRows.find((s) => s.id === oauth.id);
    if (!oauthRow?.credentials) throw new Error("the OAuth tokens were lost");
    expect(JSON.parse(box.open(oauthRow.credentials, mcpCredentialsBinding(oauthRow)))).toEqual({
      kind: "oauth",
      tokens: oauthTokens,
    });

    // They work for the account: the server answers only with its bearer token, the agent gets its own.
    expect(await toolsThroughProxy(app, accountToken, server.endpoint)).toEqual(["slow"]);
    const contextId = await (async () => {
      const res = await app.request("/api/v1/core/contexts", {
        method: "POST",
        headers: { authorization: `Bearer ${accountToken}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Moved agent" }),
      });
      return ((await res.json()) as { context_id: string }).context_id;
    })();
    const before = remote.received.length;
    await chat(app, accountToken, agent.id, contextId, "still there?");
    const sent = remote.received.slice(before).filter((r) => r.method === "POST");
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.headers.authorization).toBe("Bearer agent-secret");
  });

  it("keeps the account's agent and server when the visitor added the same ones, and points the visitor's history at them", async () => {
    const app = appWith(get());
    const client = accountClient(app);
    const who = { username: `dup_${Date.now().toString(36)}`, email: `dup.${Date.now()}@x.io` };
    const first = await taskUser(app);
    const account = await client.signUp(who, first.session.access_token);
    const mine = await addAgent(app, account.access_token, {
      url: remote.url,
      credentials: { kind: "bearer", token: "account-secret" },
    });
    const myServer = await addServer(app, account.access_token, {
      name: "tools",
      url: `${mcp.origin}/auth`,
      credentials: { kind: "bearer", token: "right" },
    });

    // On another device, a visitor adds the same agent and a server of the same name, and uses both.
    const visitor = await taskUser(app);
    const token = visitor.session.access_token;
    const theirs = await addAgent(app, token, {
      url: remote.url,
      credentials: { kind: "bearer", token: "visitor-secret" },
    });
    const theirServer = await addServer(app, token, { name: "tools", url: `${mcp.origin}/plain` });
    const unique = await addServer(app, token, { name: "only-mine", url: `${mcp.origin}/plain` });
    const contextId = await visitor.createContext("Visitor's chat");
    await chat(app, token, theirs.id, contextId, "hello from the visitor");
    await toolsThroughProxy(app, token, theirServer.endpoint, contextId);

    const signedIn = await client.signIn(who.email, token);
    expect(signedIn.user_id).toBe(account.user_id);

    expect(await rowsOf(visitor.owner.userId)).toEqual({ agents: [], servers: [] });
    expect((await listAgents(app, signedIn.access_token)).map((a) => a.id)).toEqual([mine.id]);
    expect((await listServers(app, signedIn.access_token)).map((s) => s.id)).toEqual([
      myServer.id,
      unique.id,
    ]);
    const kept = (await rowsOf(account.user_id)).agents[0];
    if (!kept?.credentials) throw new Error("the account's agent lost its credentials");
    expect(JSON.parse(box.open(kept.credentials, agentCredentialsBinding(kept)))).toEqual({
      kind: "bearer",
      token: "account-secret",
    });

    // The visitor's conversation with their copy now names the account's agent and server.
    const { kysely } = get().db;
    const tasks = await kysely
      .selectFrom("tasks")
      .select(["agent_name", "metadata", "user_id"])
      .where("context_id", "=", contextId)
      .where("agent_name", "!=", "mcp") // the tool call's own task
      .execute();
    expect(tasks.map((t) => [t.user_id, t.agent_name])).toEqual([
      [account.user_id, `external-${mine.id}`],
    ]);
    expect(JSON.parse(tasks[0]?.metadata ?? "{}").agent_name).toBe(`external-${mine.id}`);
    const executions = await kysely
      .selectFrom("tool_executions")
      .select(["server_endpoint", "user_id"])
      .where("context_id", "=", contextId)
      .execute();
    expect(executions.length).toBeGreaterThan(0);
    for (const execution of executions) {
      expect(execution.user_id).toBe(account.user_id);
      expect(execution.server_endpoint).toMatch(
        new RegExp(`/api/v1/mcp/external/${myServer.id}/mcp$`),
      );
    }
  });
});
