import { expect, it } from "vitest";
import { createTestApp } from "../../../test/app.js";
import { describeEachDialect } from "../../../test/databases.js";
import { mcpClient } from "../../../test/mcp.js";
import { anonymousSession } from "../../../test/tokens.js";
import { docsLibrary } from "./docs-library.js";

describeEachDialect("product server: docs as resources and the ask_docs prompt", (get) => {
  const connect = async () => {
    const app = createTestApp(get());
    const session = await anonymousSession(app);
    return mcpClient(app, "product", session.access_token);
  };

  it("lists every docs page, reads one, and completes page paths", async () => {
    const client = await connect();
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });
    const { resources } = await client.listResources();
    const pages = docsLibrary().pages;
    expect(pages.length).toBeGreaterThan(10);
    expect(resources).toHaveLength(pages.length);
    const agents = resources.find((r) => r.uri === "docs://product/agents.md");
    expect(agents).toMatchObject({ name: "agents.md", mimeType: "text/markdown" });
    const read = await client.readResource({ uri: "docs://product/agents.md" });
    expect(read.contents[0]).toMatchObject({
      uri: "docs://product/agents.md",
      mimeType: "text/markdown",
      text: pages.find((p) => p.file === "agents.md")?.body,
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["docs://product/{+file}"]);
    const done = await client.complete({
      ref: { type: "ref/resource", uri: "docs://product/{+file}" },
      argument: { name: "file", value: "ag" },
    });
    expect(done.completion.values).toContain("agents.md");
    // Paths that start with what was typed come first, then pages whose title has it.
    const titleOf = (file: string) => pages.find((p) => p.file === file)?.title.toLowerCase();
    expect(
      done.completion.values.every((v) => v.startsWith("ag") || titleOf(v)?.includes("ag")),
    ).toBe(true);
    expect(done.completion.values[0]?.startsWith("ag")).toBe(true);
    await expect(client.readResource({ uri: "docs://product/nope.md" })).rejects.toThrow(
      "No documentation page nope.md",
    );
    await client.close();
  });

  it("offers ask_docs with a completed page argument and puts the page before the question", async () => {
    const client = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.find((p) => p.name === "ask_docs")?.arguments?.map((a) => a.name)).toEqual([
      "page",
      "question",
    ]);
    const done = await client.complete({
      ref: { type: "ref/prompt", name: "ask_docs" },
      argument: { name: "page", value: "mc" },
    });
    expect(done.completion.values).toContain("mcp.md");
    const prompt = await client.getPrompt({
      name: "ask_docs",
      arguments: { page: "agents.md", question: "How do I add one?" },
    });
    expect(prompt.messages[0]?.content).toMatchObject({
      type: "resource",
      resource: { uri: "docs://product/agents.md" },
    });
    expect(prompt.messages[1]?.content).toMatchObject({ type: "text" });
    expect(JSON.stringify(prompt.messages[1])).toContain("How do I add one?");
    await client.close();
  });
});
