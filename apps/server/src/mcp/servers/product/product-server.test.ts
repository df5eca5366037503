import { mcpSchemaKeys } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { createTestApp } from "../../../test/app.js";
import { describeEachDialect } from "../../../test/databases.js";
import { mcpClient } from "../../../test/mcp.js";
import { anonymousSession } from "../../../test/tokens.js";
import { redactSecrets } from "./config-summary.js";

const text = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describeEachDialect("MCP server product", (get) => {
  const connect = async () => {
    const app = createTestApp(get(), {
      config: {
        providers: { openai: { apiKey: "sk-secret" } },
        mcp: {
          servers: [
            {
              name: "ext",
              url: "http://127.0.0.1:9/mcp",
              headers: { "x-api-key": "hdr-secret" },
              enabled: false,
            },
          ],
        },
      },
    });
    const { access_token } = await anonymousSession(app);
    return mcpClient(app, "product", access_token);
  };
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const client = await connect();
    try {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    } finally {
      await client.close();
    }
  };

  it("declares an artifact type on every tool", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const types = Object.fromEntries(
      tools.map((t) => [t.name, t.outputSchema?.[mcpSchemaKeys.artifactType]]),
    );
    expect(types).toEqual({
      server_metrics: "dashboard",
      search_docs: "knowledge_query",
      docs_tree: "tree",
      code_sample: "code",
      feedback_form: "form",
      welcome_card: "presentation_card",
      release_notes: "markdown",
      config_summary: "json",
    });
    await client.close();
  });

  it("server_metrics shows live metrics in all five section types", async () => {
    const result = await call("server_metrics");
    const data = result.structuredContent as {
      sections: { section_type: string; data: Record<string, unknown> }[];
    };
    expect(data.sections.map((s) => s.section_type)).toEqual([
      "metrics_cards",
      "chart",
      "table",
      "list",
      "status",
    ]);
    const rows = data.sections[2]?.data.rows as { metric: string; value: string }[];
    expect(Number(rows.find((r) => r.metric === "Users")?.value)).toBeGreaterThanOrEqual(1);
  });

  it("search_docs finds the docs and says when nothing matches", async () => {
    const hit = await call("search_docs", { query: "agent card" });
    expect(hit.structuredContent).toMatchObject({ found: true, theme: "info" });
    expect((hit.structuredContent as { content: string }).content).toContain("docs/agents.md");
    const miss = await call("search_docs", { query: "zzqqxx" });
    expect(miss.structuredContent).toMatchObject({ found: false });
    const bad = await call("search_docs", { query: "" });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Input validation error/);
  });

  it("docs_tree, code_sample, feedback_form, welcome_card and release_notes", async () => {
    const tree = (await call("docs_tree")).structuredContent as {
      name: string;
      children: { name: string }[];
    };
    expect(tree.name).toBe("docs");
    expect(tree.children.map((c) => c.name)).toContain("agents.md");
    const code = await call("code_sample", { language: "python" });
    expect(code.structuredContent).toMatchObject({ language: "python" });
    expect(code._meta?.[mcpSchemaKeys.renderingHints]).toEqual({
      language: "python",
      line_numbers: true,
    });
    expect((await call("code_sample", { language: "cobol" })).isError).toBe(true);
    const form = (await call("feedback_form", { topic: "idea" })).structuredContent as {
      fields: { type: string; name: string; default?: unknown }[];
    };
    expect(new Set(form.fields.map((f) => f.type))).toEqual(
      new Set(["text", "email", "select", "number", "textarea", "checkbox"]),
    );
    expect(form.fields.find((f) => f.name === "topic")?.default).toBe("idea");
    const card = (await call("welcome_card", { name: "Ada" })).structuredContent as {
      title: string;
      ctas: unknown[];
    };
    expect(card.title).toBe("Welcome, Ada");
    expect(card.ctas).toHaveLength(3);
    const notes = (await call("release_notes")).structuredContent as { content: string };
    expect(notes.content).toContain("## Documentation");
  });

  it("config_summary redacts secrets", async () => {
    const result = await call("config_summary");
    const raw = JSON.stringify(result.structuredContent);
    expect(raw).not.toContain("sk-secret");
    expect(raw).not.toContain("hdr-secret");
    expect(raw).toContain("[redacted]");
    const one = await call("config_summary", { section: "log" });
    expect(one.structuredContent).toEqual({ config: { log: { level: "silent" } } });
    expect((await call("config_summary", { section: "nope" })).isError).toBe(true);
  });
});

it("redactSecrets hides URL passwords and secret-named keys but keeps paths", () => {
  expect(
    redactSecrets({
      url: "postgres://u:pw@h/db",
      apiKey: "k",
      signingKeyPath: "/k.json",
      bearer: "b",
    }),
  ).toEqual({
    url: "postgres://u:[redacted]@h/db",
    apiKey: "[redacted]",
    signingKeyPath: "/k.json",
    bearer: "[redacted]",
  });
});
