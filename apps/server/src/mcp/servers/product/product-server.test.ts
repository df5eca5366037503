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
  const connect = async (as: "visitor" | "admin" = "visitor") => {
    const app = createTestApp(get(), {
      config: {
        database: { url: "postgres://app:db-secret@db.internal/chat?password=q-secret" },
        providers: {
          openai: { apiKey: "sk-secret", baseUrl: "https://llm.internal/v1?api_key=base-secret" },
        },
        outbound: { allowHosts: ["10.0.0.0/8"] },
        mcp: {
          servers: [
            {
              name: "ext",
              url: "http://127.0.0.1:9/mcp?key=url-secret",
              headers: { "x-api-key": "hdr-secret" },
              enabled: false,
            },
          ],
        },
      },
    });
    const session = await anonymousSession(app);
    if (as === "visitor") return mcpClient(app, "product", session.access_token);
    const admin = await app.services.tokens.issue({
      userId: session.user_id,
      sessionId: session.session_id,
      userType: "authenticated",
      username: "owner",
      email: "owner@example.com",
      scopes: ["admin"],
    });
    return mcpClient(app, "product", admin.token);
  };
  const call = async (
    name: string,
    args: Record<string, unknown> = {},
    as: "visitor" | "admin" = "visitor",
  ) => {
    const client = await connect(as);
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
      site_traffic: "dashboard",
    });
    await client.close();
  });

  it("server_metrics shows live metrics in all five section types", async () => {
    const result = await call("server_metrics", {}, "admin");
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
    // Each sample's description names the tool its code calls.
    for (const language of ["typescript", "python", "bash"]) {
      const sample = (await call("code_sample", { language })).structuredContent as {
        code: string;
        description: string;
      };
      const called = /"(query_orders|list_regions)"/.exec(sample.code)?.[1];
      expect(called, language).toBeDefined();
      expect(sample.description, language).toContain(`${called} tool`);
    }
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

  const secrets = ["sk-secret", "hdr-secret", "db-secret", "q-secret", "base-secret", "url-secret"];

  it("config_summary redacts secrets for everyone, URL query values and userinfo included", async () => {
    for (const as of ["visitor", "admin"] as const) {
      const raw = JSON.stringify((await call("config_summary", {}, as)).structuredContent);
      for (const secret of secrets) expect(raw).not.toContain(secret);
      expect(raw).toContain("[redacted]");
      expect(raw).toContain("http://127.0.0.1:9/mcp?key=[redacted]");
    }
  });

  it("config_summary shows paths, internal addresses, allow lists and prompts to admins only", async () => {
    type View = { config: Record<string, Record<string, unknown>> };
    const visitor = (await call("config_summary")).structuredContent as View;
    expect(visitor.config.database).toMatchObject({
      dataDir: "[admins only]",
      url: "[admins only]",
    });
    expect(visitor.config.outbound?.allowHosts).toBe("[admins only]");
    expect(visitor.config.server?.host).toBe("[admins only]");
    const agents = visitor.config.agents as unknown as { systemPrompt: string }[];
    expect(agents.every((a) => a.systemPrompt === "[admins only]")).toBe(true);
    expect(JSON.stringify(visitor)).not.toContain("10.0.0.0/8");
    expect(JSON.stringify(visitor)).not.toContain("llm.internal");

    const admin = (await call("config_summary", {}, "admin")).structuredContent as View;
    expect(admin.config.outbound?.allowHosts).toEqual(["10.0.0.0/8"]);
    expect(admin.config.database?.url).toBe(
      "postgres://[redacted]@db.internal/chat?password=[redacted]",
    );
    expect(JSON.stringify(admin)).toContain("llm.internal");
  });

  it("server_metrics shows site-wide counts to admins and each user's own counts to others", async () => {
    type Dashboard = { sections: { section_id: string; data: Record<string, unknown> }[] };
    const rows = (d: Dashboard) =>
      (d.sections.find((s) => s.section_id === "database")?.data.rows ?? []) as {
        metric: string;
      }[];
    const visitor = (await call("server_metrics")).structuredContent as Dashboard;
    const visitorMetrics = rows(visitor).map((r) => r.metric);
    expect(visitorMetrics).toContain("Your conversations");
    expect(visitorMetrics).not.toContain("Users");
    expect(JSON.stringify(visitor)).not.toContain("Stream connections");
    expect(JSON.stringify(visitor)).toContain("Your live streams");
    const admin = (await call("server_metrics", {}, "admin")).structuredContent as Dashboard;
    expect(rows(admin).map((r) => r.metric)).toEqual(
      expect.arrayContaining(["Users", "Conversations", "Tasks", "Artifacts"]),
    );
    expect(JSON.stringify(admin)).toContain("Stream connections");
  });

  it("config_summary reads one section", async () => {
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
    url: "postgres://[redacted]@h/db",
    apiKey: "[redacted]",
    signingKeyPath: "/k.json",
    bearer: "[redacted]",
  });
});
