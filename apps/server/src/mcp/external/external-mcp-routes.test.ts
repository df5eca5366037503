import { randomBytes } from "node:crypto";
import {
  artifactSchema,
  connectionCheckSchema,
  externalMcpListSchema,
  externalMcpMessages,
  externalMcpServerSchema,
} from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcessFetch } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { startMisbehavingMcp } from "../../test/misbehaving-mcp.js";
import { startRecordingProxy } from "../../test/recording-proxy.js";
import { taskUser } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;

let everything: EverythingProcess;
let everythingSse: EverythingProcess;
let recorder: Awaited<ReturnType<typeof startRecordingProxy>>;
let liar: Awaited<ReturnType<typeof startMisbehavingMcp>>;

beforeAll(async () => {
  [everything, everythingSse, liar] = await Promise.all([
    startEverything(),
    startEverything("sse"),
    startMisbehavingMcp(),
  ]);
  recorder = await startRecordingProxy(new URL(everything.url).origin);
}, 60_000);

afterAll(async () => {
  await Promise.all([everything?.stop(), everythingSse?.stop(), recorder?.close(), liar?.close()]);
});

const credentialsKey = randomBytes(32).toString("base64");
const appWith = (db: Parameters<typeof createTestApp>[0], allow = ["127.0.0.1"]) =>
  createTestApp(db, { config: { outbound: { allowHosts: allow, credentialsKey } } });

async function add(app: App, token: string, body: unknown) {
  return app.request("/api/v1/mcp/external", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function added(app: App, token: string, body: unknown) {
  const res = await add(app, token, body);
  const json = await res.json();
  if (res.status !== 201) throw new Error(`add failed ${res.status}: ${JSON.stringify(json)}`);
  return externalMcpServerSchema.parse(json);
}

async function errorOf(res: Response): Promise<string> {
  const body = (await res.json()) as { error?: { message?: string }; message?: string };
  return body.error?.message ?? body.message ?? JSON.stringify(body);
}

/** The official MCP client, as the browser uses it, on the proxy endpoint of this site. */
async function proxyClient(app: App, token: string, endpoint: string, contextId?: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost${endpoint}`), {
    fetch: inProcessFetch(app, token),
    requestInit: { headers: contextId ? { "x-context-id": contextId } : {} },
  });
  const client = new Client({ name: "systemprompt-web-client", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

describeEachDialect("user-added MCP servers through the proxy", (get) => {
  it("adds server-everything, lists its tools and runs one: the result is an artifact of the conversation", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const server = await added(app, token, {
      name: "Everything",
      url: everything.url,
      credentials: { kind: "bearer", token: "upstream-secret" },
    });
    expect(server.endpoint).toBe(`/api/v1/mcp/external/${server.id}/mcp`);
    expect(server.credentials_kind).toBe("bearer");
    expect(JSON.stringify(server)).not.toContain("upstream-secret");

    const list = externalMcpListSchema.parse(
      await (await app.request("/api/v1/mcp/external", { headers: user.headers })).json(),
    );
    expect(list.data.map((s) => s.name)).toEqual(["Everything"]);

    const contextId = await user.createContext();
    const client = await proxyClient(app, token, server.endpoint, contextId);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["echo", "get-sum"]));
    const result = (await client.callTool({
      name: "echo",
      arguments: { message: "through the proxy" },
    })) as CallToolResult;
    await client.close();
    expect(result.content?.[0]).toEqual({ type: "text", text: "Echo: through the proxy" });
    const executionId = result._meta?.mcp_execution_id;
    expect(typeof executionId).toBe("string");

    const artifacts = artifactSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/artifacts`)).json());
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]?.metadata.tool_name).toBe("echo");
    expect(JSON.stringify(artifacts[0]?.parts)).toContain("Echo: through the proxy");
    const execution = await app.request(`/api/v1/mcp/executions/${String(executionId)}`, {
      headers: user.headers,
    });
    expect(((await execution.json()) as { status: string }).status).toBe("completed");
  });

  it("never sends the user's session token to the server, only its stored credentials", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const before = recorder.received.length;
    const server = await added(app, token, {
      name: "recorded",
      url: `${recorder.origin}/mcp`,
      credentials: { kind: "headers", headers: { "X-Api-Key": "k-123" } },
    });
    const contextId = await user.createContext();
    const client = await proxyClient(app, token, server.endpoint, contextId);
    await client.listTools();
    await client.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } });
    await client.close();
    const seen = recorder.received.slice(before);
    expect(seen.length).toBeGreaterThan(4);
    for (const request of seen) {
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.body).not.toContain(token);
      expect(request.headers["x-api-key"]).toBe("k-123");
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers["x-context-id"]).toBeUndefined();
    }
  });

  it("falls back to the legacy SSE transport when the URL does not speak streamable HTTP", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const server = await added(app, token, { name: "old-sse", url: everythingSse.url });
    const client = await proxyClient(app, token, server.endpoint);
    const result = (await client.callTool({
      name: "echo",
      arguments: { message: "over sse" },
    })) as CallToolResult;
    await client.close();
    expect(result.content?.[0]).toEqual({ type: "text", text: "Echo: over sse" });
  });

  it("refuses URLs that break the documented rules, names taken, and servers that cannot be reached", async () => {
    const app = appWith(get(), []);
    const user = await taskUser(app);
    const token = user.session.access_token;
    const cases: [unknown, number, string][] = [
      [{ name: "x", url: "tools.example.com/mcp" }, 400, externalMcpMessages.notFullUrl],
      [{ name: "x", url: "javascript:alert(1)" }, 400, externalMcpMessages.notFullUrl],
      [{ name: "x", url: everything.url }, 400, externalMcpMessages.httpsRequired],
      [
        { name: "analytics", url: "https://tools.example.com/mcp" },
        400,
        externalMcpMessages.nameTaken("analytics"),
      ],
      [
        { name: "x", url: "https://localhost/mcp" },
        400,
        externalMcpMessages.connectFailed(
          "https://localhost/mcp",
          "Host refused: loopback; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists localhost",
        ),
      ],
      [
        { name: "x", url: "https://127.0.0.1:9/mcp" },
        400,
        externalMcpMessages.connectFailed(
          "https://127.0.0.1:9/mcp",
          "Address refused: loopback; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 127.0.0.1",
        ),
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(app, token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await errorOf(res)).toBe(message);
    }
  });

  it("a server that lies about its tools or drops mid-call gives a clear error, recorded on the execution", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;

    for (const [path, reason] of [
      ["/bad-list", "tools.0.inputSchema"],
      ["/twice", "tool same is listed twice"],
    ] as const) {
      const res = await add(app, token, {
        name: `liar${path.replace("/", "-")}`,
        url: `${liar.origin}${path}`,
      });
      expect(res.status).toBe(400);
      const message = await errorOf(res);
      expect(message).toContain(
        `The MCP server liar${path.replace("/", "-")} sent an invalid tool list: `,
      );
      expect(message).toContain(reason);
    }

    const contextId = await user.createContext();
    const drop = await added(app, token, { name: "dropper", url: `${liar.origin}/drop` });
    const client = await proxyClient(app, token, drop.endpoint, contextId);
    await expect(client.callTool({ name: "slow", arguments: {} })).rejects.toThrow(
      externalMcpMessages.connectionLost("dropper"),
    );
    await expect(client.callTool({ name: "missing", arguments: {} })).rejects.toThrow(
      externalMcpMessages.toolNotFound("missing"),
    );
    await client.close();

    const ghost = await added(app, token, { name: "ghost", url: `${liar.origin}/ghost` });
    const ghostClient = await proxyClient(app, token, ghost.endpoint, contextId);
    await expect(ghostClient.callTool({ name: "ghost", arguments: {} })).rejects.toThrow(
      "Unknown tool: ghost",
    );
    await ghostClient.close();

    const wrong = await added(app, token, { name: "wrong", url: `${liar.origin}/wrong-output` });
    const wrongClient = await proxyClient(app, token, wrong.endpoint, contextId);
    await expect(wrongClient.callTool({ name: "count", arguments: {} })).rejects.toThrow(
      "Structured content does not match the tool's output schema",
    );
    await wrongClient.close();

    const tasks = (await (await user.get(`/contexts/${contextId}/tasks`)).json()) as {
      status: { state: string };
      metadata: { tool_name?: string };
    }[];
    const failed = Object.fromEntries(tasks.map((t) => [t.metadata.tool_name, t.status.state]));
    expect(failed).toEqual({ slow: "failed", ghost: "failed", count: "failed" });
  });

  it("ends a call that the server never answers at the server's time limit, recorded as failed", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const contextId = await user.createContext();
    const hang = await added(app, token, {
      name: "hanger",
      url: `${liar.origin}/hang`,
      timeout_ms: 1000,
    });
    expect(hang.timeout_ms).toBe(1000);
    const client = await proxyClient(app, token, hang.endpoint, contextId);
    const started = Date.now();
    // The browser's own client waits longer than the server's limit: the proxy answers first.
    await expect(
      client.callTool({ name: "slow", arguments: {} }, undefined, { timeout: 20_000 }),
    ).rejects.toThrow(externalMcpMessages.timedOut);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(10_000);
    await client.close();
    const tasks = (await (await user.get(`/contexts/${contextId}/tasks`)).json()) as {
      status: { state: string };
      metadata: { tool_name?: string };
    }[];
    expect(tasks.map((t) => [t.metadata.tool_name, t.status.state])).toEqual([["slow", "failed"]]);
  });

  it("stores credentials encrypted: the row holds none of the secret", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const server = await added(app, user.session.access_token, {
      name: "sealed",
      url: `${liar.origin}/echo`,
      credentials: { kind: "headers", headers: { "X-Secret": "plain-secret-value" } },
    });
    const row = await get()
      .db.kysely.selectFrom("external_mcp_servers")
      .selectAll()
      .where("id", "=", server.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row, (_key, value: unknown) =>
      Buffer.isBuffer(value) || value instanceof Uint8Array
        ? Buffer.from(value).toString("latin1")
        : value,
    );
    expect(stored).not.toContain("plain-secret-value");
    expect(stored).not.toContain("X-Secret");
  });

  it("replaces credentials write-only and checks the connection step by step", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const server = await added(app, token, {
      name: "guarded",
      url: `${liar.origin}/auth`,
      credentials: { kind: "bearer", token: "right" },
    });
    const checkNow = async () =>
      connectionCheckSchema.parse(
        await (
          await app.request(`/api/v1/mcp/external/${server.id}/check`, {
            method: "POST",
            headers: user.headers,
          })
        ).json(),
      );
    expect((await checkNow()).ok).toBe(true);
    const put = await app.request(`/api/v1/mcp/external/${server.id}/credentials`, {
      method: "PUT",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ credentials: { kind: "api_key", header: "X-Key", value: "s3cret" } }),
    });
    expect(put.status).toBe(200);
    const text = await put.text();
    expect(text).not.toContain("s3cret");
    expect(externalMcpServerSchema.parse(JSON.parse(text)).credentials_kind).toBe("api_key");
    const failed = await checkNow();
    expect(failed.ok).toBe(false);
    expect(failed.steps.map((s) => [s.step, s.ok])).toEqual([
      ["dns", true],
      ["tcp", true],
      ["tls", true],
      ["discovery", true],
      ["auth", false],
      ["version", false],
      ["call", false],
    ]);
    expect(failed.steps[4]?.detail).toBe("The server refused the stored credentials (HTTP 401)");
    const reserved = await app.request(`/api/v1/mcp/external/${server.id}/credentials`, {
      method: "PUT",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({
        credentials: { kind: "headers", headers: { "Mcp-Session-Id": "x" } },
      }),
    });
    expect(reserved.status).toBe(400);
    expect(await errorOf(reserved)).toBe("Header Mcp-Session-Id cannot be set");
  });

  it("hides a user's servers from other users and removes them", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const server = await added(app, user.session.access_token, {
      name: "mine",
      url: everything.url,
    });
    const other = await taskUser(app);
    const list = await app.request("/api/v1/mcp/external", { headers: other.headers });
    expect(externalMcpListSchema.parse(await list.json()).data).toEqual([]);
    const call = await app.request(server.endpoint, {
      method: "POST",
      headers: {
        ...other.headers,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(call.status).toBe(404);
    const removed = await app.request(`/api/v1/mcp/external/${server.id}`, {
      method: "DELETE",
      headers: user.headers,
    });
    expect(removed.status).toBe(204);
    const after = await app.request("/api/v1/mcp/external", { headers: user.headers });
    expect(externalMcpListSchema.parse(await after.json()).data).toEqual([]);
  });
});
