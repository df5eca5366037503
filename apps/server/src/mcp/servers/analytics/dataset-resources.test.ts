import { expect, it } from "vitest";
import { createTestApp } from "../../../test/app.js";
import { describeEachDialect } from "../../../test/databases.js";
import { mcpClient } from "../../../test/mcp.js";
import { anonymousSession } from "../../../test/tokens.js";
import { orders } from "./dataset.js";
import { datasetUris } from "./dataset-resources.js";

describeEachDialect("analytics server: sample datasets as resources and a prompt", (get) => {
  const connect = async () => {
    const app = createTestApp(get());
    const session = await anonymousSession(app);
    return mcpClient(app, "analytics", session.access_token);
  };

  it("lists and reads the datasets, and a region's orders through the completed template", async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    // The datasets, and the sales explorer's MCP App.
    expect(resources.map((r) => r.uri)).toEqual([
      ...Object.values(datasetUris),
      "ui://analytics/sales-explorer.html",
    ]);
    const read = await client.readResource({ uri: datasetUris.orders });
    const content = read.contents[0] as { mimeType?: string; text?: string };
    expect(content.mimeType).toBe("application/json");
    expect(JSON.parse(content.text ?? "[]")).toHaveLength(orders.length);

    const template = "dataset://analytics/regions/{region}/orders.json";
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([template]);
    const done = await client.complete({
      ref: { type: "ref/resource", uri: template },
      argument: { name: "region", value: "eu" },
    });
    expect(done.completion.values).toEqual(["europe"]);
    const europe = await client.readResource({
      uri: "dataset://analytics/regions/europe/orders.json",
    });
    const rows = JSON.parse((europe.contents[0] as { text?: string }).text ?? "[]");
    expect(rows.length).toBe(orders.filter((o) => o.region === "europe").length);
    expect(rows.every((o: { region: string }) => o.region === "europe")).toBe(true);
    await expect(
      client.readResource({ uri: "dataset://analytics/regions/mars/orders.json" }),
    ).rejects.toThrow("No region mars");
    await client.close();
  });

  it("offers sales_summary whose region completes", async () => {
    const client = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["sales_summary"]);
    const done = await client.complete({
      ref: { type: "ref/prompt", name: "sales_summary" },
      argument: { name: "region", value: "a" },
    });
    expect(done.completion.values).toEqual(["asia-pacific"]);
    const prompt = await client.getPrompt({
      name: "sales_summary",
      arguments: { region: "europe" },
    });
    expect(JSON.stringify(prompt.messages[0]?.content)).toContain(
      "Summarise the 2024 sales in Europe",
    );
    await client.close();
  });
});
