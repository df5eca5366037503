import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { mcpClient } from "../test/mcp.js";
import { anonymousSession } from "../test/tokens.js";
import { logPasses } from "./server-features.js";

/** Collects the log lines a client receives. */
function logLines(client: Client) {
  const lines: { level: string; logger?: string; data: unknown }[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    lines.push(note.params);
  });
  return lines;
}

describe("logPasses", () => {
  it("lets through the chosen level and worse, nothing milder", () => {
    expect(logPasses("info", "info")).toBe(true);
    expect(logPasses("error", "warning")).toBe(true);
    expect(logPasses("debug", "info")).toBe(false);
    expect(logPasses("warning", "emergency")).toBe(false);
  });
});

describeEachDialect("built-in servers: logging, subscriptions, unknown tools", (get) => {
  it("declares logging and subscriptions; a level set once filters later calls' log lines, per user", async () => {
    const app = createTestApp(get());
    const alice = await anonymousSession(app);
    const bob = await anonymousSession(app);

    const first = await mcpClient(app, "analytics", alice.access_token);
    expect(first.getServerCapabilities()).toMatchObject({
      logging: {},
      resources: { subscribe: true },
      completions: {},
    });
    expect(await first.setLoggingLevel("debug")).toEqual({});
    await first.close();

    // A new connection (every request is stateless anyway): the stored level still applies.
    const again = await mcpClient(app, "analytics", alice.access_token);
    const lines = logLines(again);
    await again.callTool({ name: "build_report", arguments: {} });
    expect(lines.filter((l) => l.level === "info").map((l) => l.data)).toEqual([
      "Building the 2024 report in 5 steps",
      "Step 1 of 5: Totals",
      "Step 2 of 5: Regions",
      "Step 3 of 5: Refunds",
      "Step 4 of 5: Open orders",
      "Step 5 of 5: Largest order",
    ]);
    expect(lines.filter((l) => l.level === "debug")).toHaveLength(5);
    expect(lines.every((l) => l.logger === "analytics")).toBe(true);

    await again.setLoggingLevel("warning");
    const quiet = logLines(again);
    await again.callTool({ name: "build_report", arguments: {} });
    expect(quiet).toEqual([]);
    await again.close();

    // Bob never set a level: the default (info) applies to him, not Alice's.
    const other = await mcpClient(app, "analytics", bob.access_token);
    const bobs = logLines(other);
    await other.callTool({ name: "build_report", arguments: {} });
    expect(bobs.map((l) => l.level)).toEqual(Array(6).fill("info"));
    await other.close();
  }, 20_000);

  it("accepts subscriptions to absolute URIs and refuses others", async () => {
    const app = createTestApp(get());
    const session = await anonymousSession(app);
    const client = await mcpClient(app, "product", session.access_token);
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const uri = "docs://product/mcp.md";
    expect(await client.subscribeResource({ uri })).toEqual({});
    expect(await client.unsubscribeResource({ uri })).toEqual({});
    await expect(client.subscribeResource({ uri: "not a uri" })).rejects.toThrow(
      "The resource URI must be an absolute URI",
    );
    await client.close();
  });

  it("answers a call of a tool the server lacks with a protocol error, not a tool result", async () => {
    const app = createTestApp(get());
    const session = await anonymousSession(app);
    for (const server of ["analytics", "product"]) {
      const client = await mcpClient(app, server, session.access_token);
      const call = client.callTool({ name: "ghost", arguments: {} });
      await expect(call).rejects.toMatchObject({ code: -32602 });
      await expect(call).rejects.toThrow("Unknown tool: ghost");
      await client.close();
    }
  });
});
