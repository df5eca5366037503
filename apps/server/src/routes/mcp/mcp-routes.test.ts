import { mcpRegistryResponseSchema, mcpSchemaKeys } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it, vi } from "vitest";
import type { ConfigInput } from "../../config/schema.js";
import { cancelledExecutionMessage } from "../../mcp/record-calls.js";
import { reportStepMs } from "../../mcp/servers/analytics/build-report.js";
import { failExampleMessage } from "../../mcp/servers/analytics/fail-example.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { mcpClient } from "../../test/mcp.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

const text = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  },
};

describeEachDialect("/api/v1/mcp", (get) => {
  const setup = async (config?: ConfigInput) => {
    const app = createTestApp(get(), { config });
    const { access_token: token } = await anonymousSession(app);
    return { app, token };
  };

  it("refuses calls without a valid token with our 401 envelope", async () => {
    const { app } = await setup();
    for (const headers of [{}, bearer("nope")]) {
      const res = await app.request("/api/v1/mcp/analytics/mcp", {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify(initialize),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    }
    const unknown = await app.request("/api/v1/mcp/nope/mcp", { method: "POST" });
    expect(unknown.status).toBe(404);
  });

  it("refuses callers without the configured scopes with 403", async () => {
    const { app, token } = await setup({
      mcp: { builtin: { analytics: { requiredScopes: ["admin"] } } },
    });
    const res = await app.request("/api/v1/mcp/analytics/mcp", {
      method: "POST",
      headers: {
        ...bearer(token),
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: "forbidden",
      message: "Forbidden. You do not have permission to access this resource.",
    });
    const product = await mcpClient(app, "product", token);
    expect((await product.listTools()).tools.length).toBeGreaterThan(0);
    await product.close();
  });

  it("lists the registry without auth", async () => {
    const { app } = await setup({
      mcp: { builtin: { product: { enabled: false, requiredScopes: ["user"] } } },
    });
    const res = await app.request("/api/v1/mcp/registry");
    expect(res.status).toBe(200);
    const { data } = mcpRegistryResponseSchema.parse(await res.json());
    expect(data.map((s) => [s.name, s.status, s.enabled])).toEqual([
      ["analytics", "running", true],
      ["product", "disabled", false],
    ]);
    expect(data[0]).toMatchObject({
      endpoint: "http://localhost/api/v1/mcp/analytics/mcp",
      auth: "required",
      oauth_required: false,
      oauth_scopes: [],
    });
    // A server that needs scopes only signing in brings is marked for the client to grey.
    expect(data[1]).toMatchObject({ oauth_required: true, oauth_scopes: ["user"] });
  });

  it("lists an unreachable external server as error and keeps the rest", async () => {
    const { app } = await setup({
      mcp: {
        probeTimeoutMs: 500,
        servers: [
          { name: "gone", url: "http://127.0.0.1:9/mcp", bearer: "secret-token" },
          {
            name: "off",
            url: "http://user:pass-secret@127.0.0.1:9/mcp?api_key=key-secret",
            enabled: false,
          },
        ],
      },
    });
    const res = await app.request("/api/v1/mcp/registry");
    expect(res.status).toBe(200);
    const raw = await res.text();
    for (const secret of ["secret-token", "pass-secret", "key-secret"]) {
      expect(raw).not.toContain(secret);
    }
    const { data } = mcpRegistryResponseSchema.parse(JSON.parse(raw));
    expect(data.map((s) => [s.name, s.status])).toEqual([
      ["analytics", "running"],
      ["product", "running"],
      ["gone", "error"],
      ["off", "disabled"],
    ]);
    // Reached through this site: the servers' own addresses show nowhere.
    expect(data[2]).toMatchObject({
      kind: "external",
      auth: "required",
      endpoint: "http://localhost/api/v1/mcp/gone/mcp",
    });
    expect(data[3]?.endpoint).toBe("http://localhost/api/v1/mcp/off/mcp");
    expect(raw).not.toContain("127.0.0.1:9");
  });

  it("analytics: lists tools with artifact output schemas and a dynamic enum", async () => {
    const { app, token } = await setup();
    const client = await mcpClient(app, "analytics", token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "build_report",
      "fail_example",
      "list_regions",
      "query_orders",
      "sales_chart",
      "sales_explorer",
    ]);
    const query = tools.find((t) => t.name === "query_orders");
    expect(query?.outputSchema?.[mcpSchemaKeys.artifactType]).toBe("table");
    expect(query?.outputSchema?.[mcpSchemaKeys.renderingHints]).toMatchObject({
      column_types: {
        amount: "currency",
        discount_pct: "percentage",
        ordered_at: "datetime",
        quantity: "integer",
        status: "badge",
        invoice_url: "link",
      },
    });
    const properties = (query?.inputSchema.properties ?? {}) as Record<
      string,
      Record<string, unknown>
    >;
    const region = properties.region;
    expect(region?.[mcpSchemaKeys.optionsFromTool]).toEqual({ tool: "list_regions" });
    expect(
      tools.find((t) => t.name === "sales_chart")?.outputSchema?.[mcpSchemaKeys.artifactType],
    ).toBe("chart");
    await client.close();
  });

  it("analytics: query_orders filters the sample data and rejects bad arguments", async () => {
    const { app, token } = await setup();
    const client = await mcpClient(app, "analytics", token);
    const regions = (await client.callTool({
      name: "list_regions",
      arguments: { action: "options", filter: "eur", uuid: "u-1" },
    })) as CallToolResult;
    expect(regions.structuredContent).toEqual({
      options: [{ value: "europe", label: "Europe", orders: expect.any(Number) }],
    });

    const result = (await client.callTool({
      name: "query_orders",
      arguments: {
        region: "europe",
        status: "completed",
        from: "2024-03-01",
        to: "2024-12-31",
        min_amount: 100,
        sort_by: "amount",
        order: "desc",
        limit: 5,
      },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as {
      items: Record<string, unknown>[];
      total_matches: number;
    };
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.length).toBeLessThanOrEqual(5);
    const amounts = data.items.map((o) => o.amount as number);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const o of data.items) {
      expect(o).toMatchObject({ region: "Europe", status: "completed" });
      expect(o.amount as number).toBeGreaterThanOrEqual(100);
      expect((o.ordered_at as string) >= "2024-03-01").toBe(true);
    }

    const again = (await client.callTool({
      name: "query_orders",
      arguments: {
        region: "europe",
        status: "completed",
        from: "2024-03-01",
        to: "2024-12-31",
        min_amount: 100,
        sort_by: "amount",
        order: "desc",
        limit: 5,
      },
    })) as CallToolResult;
    expect(again.structuredContent).toEqual(result.structuredContent);

    const bad = (await client.callTool({
      name: "query_orders",
      arguments: { limit: 0, region: "mars" },
    })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Input validation error/);
    expect(text(bad)).toContain("Unknown region");
    const wrongType = (await client.callTool({
      name: "query_orders",
      arguments: { min_amount: "lots" },
    })) as CallToolResult;
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toContain("min_amount");
    await client.close();
  });

  it("analytics: sales_chart groups the data for every chart type", async () => {
    const { app, token } = await setup();
    const client = await mcpClient(app, "analytics", token);
    for (const chart_type of ["bar", "line", "area", "pie"]) {
      const result = (await client.callTool({
        name: "sales_chart",
        arguments: { group_by: "region", chart_type },
      })) as CallToolResult;
      const data = result.structuredContent as { labels: string[]; datasets: { data: number[] }[] };
      expect(data.labels).toHaveLength(5);
      expect(data.datasets[0]?.data).toHaveLength(5);
      expect(result._meta?.[mcpSchemaKeys.renderingHints]).toMatchObject({ chart_type });
    }
    const months = (await client.callTool({
      name: "sales_chart",
      arguments: { metric: "orders" },
    })) as CallToolResult;
    expect((months.structuredContent as { labels: string[] }).labels).toHaveLength(12);
    const bad = (await client.callTool({
      name: "sales_chart",
      arguments: { chart_type: "radar" },
    })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain("chart_type");
    await client.close();
  });

  it("analytics: build_report reports progress; fail_example fails cleanly", async () => {
    const { app, token } = await setup();
    const client = await mcpClient(app, "analytics", token, {
      "x-trace-id": "trace-1",
      "x-context-id": "ctx-1",
    });
    const progress: number[] = [];
    const report = (await client.callTool({ name: "build_report", arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    })) as CallToolResult;
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect((report.structuredContent as { content: string }).content).toContain("## Regions");

    const failed = (await client.callTool({
      name: "fail_example",
      arguments: { sku: "A-1" },
    })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expect(text(failed)).toBe(`${failExampleMessage} (SKU A-1)`);
    const invalid = (await client.callTool({
      name: "fail_example",
      arguments: { sku: 5 },
    })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/Input validation error/);
    await client.close();
  });

  it("analytics: build_report stops when the caller cancels", async () => {
    const { app, token } = await setup();
    const client = await mcpClient(app, "analytics", token);
    const abort = new AbortController();
    const call = client.callTool({ name: "build_report", arguments: {} }, undefined, {
      signal: abort.signal,
      onprogress: () => abort.abort("enough"),
    });
    await expect(call).rejects.toThrow();
    await client.close();
  });

  it("analytics: a cancelled build_report is stopped on the server, not left running", async () => {
    const { app, token } = await setup();
    const { kysely } = app.services.db;
    const earlier = (await kysely.selectFrom("tool_executions").select("id").execute()).map(
      (row) => row.id,
    );
    const client = await mcpClient(app, "analytics", token);
    const abort = new AbortController();
    const call = client.callTool({ name: "build_report", arguments: {} }, undefined, {
      signal: abort.signal,
      onprogress: () => abort.abort("enough"),
    });
    await expect(call).rejects.toThrow();
    // The handler saw the abort: its execution ends as the cancelled error well before the
    // report's five steps would have finished (the run's own time, as the server recorded it:
    // the test's clock would also count its polling on a busy machine).
    const ended = () =>
      kysely
        .selectFrom("tool_executions")
        .select(["status", "error", "execution_time_ms"])
        .where("tool_name", "=", "build_report")
        .$if(earlier.length > 0, (q) => q.where("id", "not in", earlier))
        .executeTakeFirst();
    const execution = await vi.waitFor(
      async () => {
        const row = await ended();
        expect(row?.status).not.toMatch(/^(pending|executing)$/);
        return row;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(execution?.status).toBe("error");
    expect(execution?.error).toBe(cancelledExecutionMessage);
    expect(execution?.execution_time_ms).toBeLessThan(5 * reportStepMs);
    await client.close();
  });
});
