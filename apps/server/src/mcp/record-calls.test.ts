import { contextRecordSchema, toolExecutionRecordSchema } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { mcpClient } from "../test/mcp.js";
import { SseReader } from "../test/sse.js";
import { anonymousSession, bearer } from "../test/tokens.js";
import { executionIdMetaKey } from "./record-calls.js";

describeEachDialect("built-in tool calls are recorded", (get) => {
  async function user() {
    const app = createTestApp(get());
    const { access_token } = await anonymousSession(app);
    const headers = { ...bearer(access_token), "content-type": "application/json" };
    const created = await app.request("/api/v1/core/contexts", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Tools" }),
    });
    const context = contextRecordSchema.parse(await created.json());
    const getJson = async (path: string) => {
      const res = await app.request(path, { headers: bearer(access_token) });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    return { app, token: access_token, contextId: context.context_id, getJson };
  }

  it("records a call in a conversation: execution, mcp_execution task, artifact and event", async () => {
    const u = await user();
    const stream = new SseReader(
      await u.app.request("/api/v1/stream/contexts", { headers: bearer(u.token) }),
    );
    expect((await stream.next()).event).toBe("snapshot");
    const client = await mcpClient(u.app, "analytics", u.token, { "x-context-id": u.contextId });
    const result = (await client.callTool({
      name: "query_orders",
      arguments: { region: "europe", limit: 5 },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const executionId = result._meta?.[executionIdMetaKey];
    expect(typeof executionId).toBe("string");

    const record = await u.getJson(`/api/v1/mcp/executions/${executionId}`);
    expect(record.status).toBe(200);
    const execution = toolExecutionRecordSchema.parse(record.body);
    expect(execution).toMatchObject({
      tool_name: "query_orders",
      server_name: "analytics",
      server_endpoint: "http://localhost/api/v1/mcp/analytics/mcp",
      input: { region: "europe", limit: 5 },
      status: "completed",
      context_id: u.contextId,
    });

    const artifacts = (await u.getJson(`/api/v1/core/contexts/${u.contextId}/artifacts`)).body as {
      metadata: Record<string, unknown>;
    }[];
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]?.metadata).toMatchObject({
      artifact_type: "table",
      source: "mcp_tool",
      tool_name: "query_orders",
      mcp_execution_id: executionId,
    });
    const tasks = (await u.getJson(`/api/v1/core/contexts/${u.contextId}/tasks`)).body as {
      metadata: Record<string, unknown>;
      status: { state: string };
    }[];
    expect(tasks[0]?.metadata.task_type).toBe("mcp_execution");
    expect(tasks[0]?.status.state).toBe("completed");

    const seen: string[] = [];
    for (;;) {
      const event = await stream.next();
      seen.push(event.event ?? "");
      if (event.event === "tool_execution_completed") break;
    }
    expect(seen).toContain("artifact_created");
    await stream.close();
    await client.close();
  });

  it("records nothing for schema-invalid arguments", async () => {
    const u = await user();
    const client = await mcpClient(u.app, "analytics", u.token, { "x-context-id": u.contextId });
    const result = (await client.callTool({
      name: "query_orders",
      arguments: { limit: "lots" },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result._meta?.[executionIdMetaKey]).toBeUndefined();
    expect((await u.getJson(`/api/v1/core/contexts/${u.contextId}/tasks`)).body).toEqual([]);
    expect((await u.getJson(`/api/v1/core/contexts/${u.contextId}/artifacts`)).body).toEqual([]);
    await client.close();
  });

  it("never writes into another user's conversation named in x-context-id", async () => {
    const alice = await user();
    const bob = await user();
    const client = await mcpClient(bob.app, "product", bob.token, {
      "x-context-id": alice.contextId,
    });
    const result = (await client.callTool({
      name: "code_sample",
      arguments: {},
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const record = await bob.getJson(
      `/api/v1/mcp/executions/${result._meta?.[executionIdMetaKey]}`,
    );
    expect(toolExecutionRecordSchema.parse(record.body).context_id).toBeNull();
    expect(
      (await alice.getJson(`/api/v1/core/contexts/${alice.contextId}/artifacts`)).body,
    ).toEqual([]);
    await client.close();
  });

  it("answers a call that fails inside the server with 'Internal error', never database text", async () => {
    const u = await user();
    const client = await mcpClient(u.app, "analytics", u.token, { "x-context-id": u.contextId });
    const { kysely } = u.app.services.db;
    // Break the storage under the running server: recording the call now fails in the database.
    await sql`alter table tool_executions rename to tool_executions_gone`.execute(kysely);
    try {
      const result = (await client.callTool({
        name: "list_regions",
        arguments: {},
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: "Internal error" }]);
    } finally {
      await sql`alter table tool_executions_gone rename to tool_executions`.execute(kysely);
      await client.close();
    }
  });
});
