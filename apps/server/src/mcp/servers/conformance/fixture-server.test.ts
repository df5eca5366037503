import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { createTestApp } from "../../../test/app.js";
import { describeEachDialect } from "../../../test/databases.js";
import { mcpClient } from "../../../test/mcp.js";
import { anonymousSession } from "../../../test/tokens.js";

describeEachDialect("the conformance fixture server", (get) => {
  it("is not served unless the conformance flag is on, nor listed in the registry", async () => {
    const app = createTestApp(get());
    const session = await anonymousSession(app);
    const response = await app.request("/api/v1/mcp/conformance/mcp", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${session.access_token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: "No MCP server named conformance" });

    const flagged = createTestApp(get(), { config: { mcp: { conformanceFixture: true } } });
    const registry = (await (await flagged.request("/api/v1/mcp/registry")).json()) as {
      data: { name: string }[];
    };
    expect(registry.data.map((s) => s.name)).not.toContain("conformance");
  });

  it("serves the suite's fixtures with the built-in servers' logging, progress and guards", async () => {
    const app = createTestApp(get(), { config: { mcp: { conformanceFixture: true } } });
    const anonymous = await app.request("/api/v1/mcp/conformance/mcp", { method: "POST" });
    expect(anonymous.status).toBe(401);

    const session = await anonymousSession(app);
    const client = await mcpClient(app, "conformance", session.access_token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("json_schema_2020_12_tool");
    const schema = tools.find((t) => t.name === "json_schema_2020_12_tool")?.inputSchema;
    expect(schema).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: { address: { type: "object" } },
      additionalProperties: false,
    });

    await client.setLoggingLevel("debug");
    const lines: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
      lines.push(note.params.data);
    });
    await client.callTool({ name: "test_tool_with_logging", arguments: {} });
    expect(lines).toEqual([
      "Tool execution started",
      "Tool processing data",
      "Tool execution completed",
    ]);

    const progress: number[] = [];
    await client.callTool({ name: "test_tool_with_progress", arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(progress).toEqual([0, 50, 100]);

    const audio = await client.callTool({ name: "test_audio_content", arguments: {} });
    const clip = (audio.content as { type: string; data: string; mimeType: string }[])[0];
    expect(clip?.mimeType).toBe("audio/wav");
    expect(
      Buffer.from(clip?.data ?? "", "base64")
        .subarray(0, 4)
        .toString(),
    ).toBe("RIFF");

    const template = await client.readResource({ uri: "test://template/123/data" });
    expect(JSON.parse((template.contents[0] as { text: string }).text)).toMatchObject({
      id: "123",
    });
    const prompt = await client.getPrompt({
      name: "test_prompt_with_arguments",
      arguments: { arg1: "hello", arg2: "world" },
    });
    expect(prompt.messages[0]?.content).toEqual({
      type: "text",
      text: "Prompt with arguments: arg1='hello', arg2='world'",
    });
    const done = await client.complete({
      ref: { type: "ref/prompt", name: "test_prompt_with_arguments" },
      argument: { name: "arg2", value: "g" },
    });
    expect(done.completion.values).toEqual(["green"]);
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toThrow(
      "Unknown tool: nope",
    );
    await client.close();
  });
});
