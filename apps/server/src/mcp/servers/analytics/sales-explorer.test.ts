import { contextRecordSchema, mcpAppMimeType } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { createTestApp } from "../../../test/app.js";
import { describeEachDialect } from "../../../test/databases.js";
import { mcpClient } from "../../../test/mcp.js";
import { anonymousSession, bearer } from "../../../test/tokens.js";
import { salesExplorerUri } from "./sales-explorer.js";

describeEachDialect("analytics: the sales explorer MCP App", (get) => {
  async function user() {
    const app = createTestApp(get());
    const { access_token: token } = await anonymousSession(app);
    const created = await app.request("/api/v1/core/contexts", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ name: "Apps" }),
    });
    const context = contextRecordSchema.parse(await created.json());
    return { app, token, contextId: context.context_id };
  }

  it("declares its ui:// resource on the tool and serves the app's HTML with the SDK inside", async () => {
    const { app, token } = await user();
    const client = await mcpClient(app, "analytics", token);
    const { tools } = await client.listTools();
    const explorer = tools.find((t) => t.name === "sales_explorer");
    expect(explorer?._meta).toEqual({ ui: { resourceUri: salesExplorerUri } });
    const read = await client.readResource({ uri: salesExplorerUri });
    const [content] = read.contents;
    expect(content?.mimeType).toBe(mcpAppMimeType);
    const html = content && "text" in content ? content.text : "";
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("globalThis.McpApps={");
    expect(html).toContain('name: "sales_chart"');
    // One script element per script: nothing in the SDK closed its inline script early.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    await client.close();
  });

  it("marks its artifact for the app, with the endpoint to read it through; other tools' are unmarked", async () => {
    const { app, token, contextId } = await user();
    const client = await mcpClient(app, "analytics", token, { "x-context-id": contextId });
    const result = (await client.callTool({
      name: "sales_explorer",
      arguments: { group_by: "region" },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({ group_by: "region", metric: "revenue" });
    await client.callTool({ name: "list_regions", arguments: {} });
    const res = await app.request(`/api/v1/core/contexts/${contextId}/artifacts`, {
      headers: bearer(token),
    });
    const artifacts = (await res.json()) as { name: string; metadata: Record<string, unknown> }[];
    const explorer = artifacts.find((a) => a.name === "sales_explorer");
    expect(explorer?.metadata.mcp_app).toEqual({
      resource_uri: salesExplorerUri,
      server_endpoint: "http://localhost/api/v1/mcp/analytics/mcp",
      server_name: "analytics",
    });
    // The data stays in the artifact for clients without MCP Apps.
    expect(explorer?.metadata.artifact_type).toBeDefined();
    expect(artifacts.find((a) => a.name === "list_regions")?.metadata).not.toHaveProperty(
      "mcp_app",
    );
    await client.close();
  });
});
