import { mcpRegistryResponseSchema } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { ConfigInput } from "../../config/schema.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { mcpClient } from "../../test/mcp.js";
import { startMisbehavingMcp } from "../../test/misbehaving-mcp.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

/**
 * The MCP servers the config file lists (`mcp.servers`) reached by the browser through this
 * site, at /api/v1/mcp/{name}/mcp: the site adds the configured bearer and headers, which the
 * browser never sees, and records each call as it does for its own servers.
 */

let mcp: Awaited<ReturnType<typeof startMisbehavingMcp>>;
beforeAll(async () => {
  mcp = await startMisbehavingMcp();
});
afterAll(async () => {
  await mcp?.close();
});

describeEachDialect("MCP servers of the config file, through this site", (get) => {
  const setup = async (servers: NonNullable<ConfigInput["mcp"]>["servers"]) => {
    const app = createTestApp(get(), { config: { mcp: { servers, probeTimeoutMs: 5000 } } });
    const session = await anonymousSession(app);
    return { app, token: session.access_token };
  };
  const guarded = () => ({
    name: "guarded",
    url: `${mcp.origin}/auth-echo`,
    bearer: "right",
    headers: { "x-team": "blue" },
  });

  it("adds the configured bearer and headers, never the caller's token, and records the call", async () => {
    const { app, token } = await setup([guarded()]);
    const registry = mcpRegistryResponseSchema.parse(
      await (await app.request("/api/v1/mcp/registry")).json(),
    );
    expect(registry.data.find((entry) => entry.name === "guarded")).toMatchObject({
      endpoint: "http://localhost/api/v1/mcp/guarded/mcp",
      auth: "required",
      status: "running",
    });

    const from = mcp.received.length;
    const client = await mcpClient(app, "guarded", token, { "x-context-id": "not-yours" });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["echo"]);
      const result = (await client.callTool({
        name: "echo",
        arguments: { text: "hi" },
      })) as CallToolResult;
      expect(result.content).toEqual([{ type: "text", text: "Echo: hi" }]);
      const executionId = result._meta?.mcp_execution_id;
      expect(executionId).toEqual(expect.any(String));
      const record = await app.services.db.kysely
        .selectFrom("tool_executions")
        .selectAll()
        .where("id", "=", String(executionId))
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({
        server_name: "guarded",
        server_endpoint: "http://localhost/api/v1/mcp/guarded/mcp",
        tool_name: "echo",
        status: "completed",
      });
    } finally {
      await client.close();
    }

    const seen = mcp.received.slice(from);
    expect(seen.some((request) => request.body.includes('"tools/call"'))).toBe(true);
    for (const request of seen) {
      expect(request.path).toBe("/auth-echo");
      expect(request.headers.authorization).toBe("Bearer right");
      expect(request.headers["x-team"]).toBe("blue");
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.body).not.toContain(token);
    }
  });

  it("says which server refused the configured bearer, its URL's secrets redacted", async () => {
    const { app, token } = await setup([
      { ...guarded(), url: `${mcp.origin}/auth-echo?key=s3cret`, bearer: "wrong" },
      { name: "plain", url: `${mcp.origin}/echo` },
    ]);
    const refused = await mcpClient(app, "guarded", token);
    try {
      const failure = await refused.listTools().then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure).toBe(
        `MCP error -32603: Failed to connect to MCP server at ${mcp.origin}/auth-echo?key=[redacted]: HTTP 401: Streamable HTTP error: Error POSTing to endpoint: {"error":"unauthorized"}`,
      );
    } finally {
      await refused.close();
    }
    // A tool the server does not list is not called.
    const plain = await mcpClient(app, "plain", token);
    try {
      const from = mcp.received.length;
      await expect(plain.callTool({ name: "ghost", arguments: {} })).rejects.toThrow(
        "Tool ghost not found",
      );
      const calls = mcp.received.slice(from).filter((r) => r.body.includes('"tools/call"'));
      expect(calls).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it("a cancelled call reaches the server as its call's cancel only, never its initialize's", async () => {
    const { app, token } = await setup([{ name: "hung", url: `${mcp.origin}/hang` }]);
    const client = await mcpClient(app, "hung", token);
    const from = mcp.received.length;
    const bodies = () =>
      mcp.received.slice(from).map(
        (request) =>
          JSON.parse(request.body || "null") as {
            id?: unknown;
            method?: string;
            params?: { requestId?: unknown };
          } | null,
      );
    try {
      const controller = new AbortController();
      const call = client.callTool({ name: "slow", arguments: {} }, undefined, {
        signal: controller.signal,
      });
      await vi.waitFor(() => expect(bodies().some((b) => b?.method === "tools/call")).toBe(true), {
        timeout: 5000,
      });
      controller.abort();
      await expect(call).rejects.toThrow();
      await vi.waitFor(
        () => expect(bodies().some((b) => b?.method === "notifications/cancelled")).toBe(true),
        { timeout: 5000 },
      );
      const callId = bodies().find((b) => b?.method === "tools/call")?.id;
      const cancelled = bodies()
        .filter((b) => b?.method === "notifications/cancelled")
        .map((b) => b?.params?.requestId);
      expect(cancelled).toEqual([callId]);
    } finally {
      await client.close();
    }
  });

  it("needs a session, and knows no server that is off or not listed", async () => {
    const { app, token } = await setup([guarded(), { ...guarded(), name: "off", enabled: false }]);
    const post = (path: string, headers: Record<string, string>) =>
      app.request(path, {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    const anonymous = await post("/api/v1/mcp/guarded/mcp", {});
    expect(anonymous.status).toBe(401);
    for (const name of ["off", "nope"]) {
      const res = await post(`/api/v1/mcp/${name}/mcp`, bearer(token));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: `No MCP server named ${name}` });
    }
  });
});
