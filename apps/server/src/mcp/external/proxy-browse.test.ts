import { randomBytes } from "node:crypto";
import { externalMcpServerSchema } from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcessFetch } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { taskUser } from "../../test/tasks.js";

/**
 * Resources, templates with completion, prompts and roots of the real server-everything, added
 * by a user and reached through this site's proxy with the official MCP client.
 */

type App = ReturnType<typeof createTestApp>;
let everything: EverythingProcess;

beforeAll(async () => {
  everything = await startEverything();
}, 30_000);
afterAll(async () => {
  await everything?.stop();
});

const credentialsKey = randomBytes(32).toString("base64");
const appWith = (db: Parameters<typeof createTestApp>[0]) =>
  createTestApp(db, { config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } } });

/** Adds server-everything for a new user; its proxy endpoint and the user. */
export async function addEverything(app: App, url: string) {
  const user = await taskUser(app);
  const res = await app.request("/api/v1/mcp/external", {
    method: "POST",
    headers: { ...user.headers, "content-type": "application/json" },
    body: JSON.stringify({ name: "Everything", url }),
  });
  if (res.status !== 201) throw new Error(`add failed ${res.status}: ${await res.text()}`);
  const server = externalMcpServerSchema.parse(await res.json());
  return { user, server };
}

async function proxyClient(app: App, token: string, endpoint: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost${endpoint}`), {
    fetch: inProcessFetch(app, token),
  });
  const client = new Client({ name: "systemprompt-web-client", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

describeEachDialect("resources, prompts and roots through the proxy", (get) => {
  it("lists resources and templates, completes a template's argument and reads text and blobs", async () => {
    const app = appWith(get());
    const { user, server } = await addEverything(app, everything.url);
    const client = await proxyClient(app, user.session.access_token, server.endpoint);
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });

    const { resources } = await client.listResources();
    const doc = resources.find((r) => r.uri === "demo://resource/static/document/features.md");
    expect(doc).toMatchObject({ name: "features.md", mimeType: "text/markdown" });
    const read = await client.readResource({ uri: doc?.uri ?? "" });
    expect(read.contents[0]).toMatchObject({ uri: doc?.uri, mimeType: "text/markdown" });
    expect(String((read.contents[0] as { text?: string }).text)).toContain("#");

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining([
        "demo://resource/dynamic/text/{resourceId}",
        "demo://resource/dynamic/blob/{resourceId}",
      ]),
    );
    const completed = await client.complete({
      ref: { type: "ref/resource", uri: "demo://resource/dynamic/text/{resourceId}" },
      argument: { name: "resourceId", value: "1" },
    });
    expect(completed.completion.values.length).toBeGreaterThan(0);
    expect(completed.completion.values.every((v) => v.startsWith("1"))).toBe(true);

    const blob = await client.readResource({ uri: "demo://resource/dynamic/blob/2" });
    expect(blob.contents[0]).toMatchObject({ uri: "demo://resource/dynamic/blob/2" });
    expect(typeof (blob.contents[0] as { blob?: string }).blob).toBe("string");

    // A resource the server does not know is the server's own error.
    await expect(
      client.readResource({ uri: "demo://resource/dynamic/text/not-a-number" }),
    ).rejects.toThrow(/not-a-number|Unknown|Invalid/);
    await client.close();
  });

  it("lists prompts, completes an argument and gets a prompt with its arguments", async () => {
    const app = appWith(get());
    const { user, server } = await addEverything(app, everything.url);
    const client = await proxyClient(app, user.session.access_token, server.endpoint);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(
      expect.arrayContaining(["simple-prompt", "args-prompt", "completable-prompt"]),
    );
    const args = prompts.find((p) => p.name === "args-prompt");
    expect(args?.arguments?.map((a) => a.name)).toEqual(["city", "state"]);

    const completed = await client.complete({
      ref: { type: "ref/prompt", name: "completable-prompt" },
      argument: { name: "department", value: "E" },
    });
    expect(completed.completion.values).toContain("Engineering");

    const prompt = await client.getPrompt({
      name: "args-prompt",
      arguments: { city: "Lisbon", state: "Lisboa" },
    });
    expect(prompt.messages[0]?.role).toBe("user");
    expect(JSON.stringify(prompt.messages[0]?.content)).toContain("Lisbon");
    await client.close();
  });

  it("declares roots with none in them: the server's roots tool is offered and says so", async () => {
    const app = appWith(get());
    const { user, server } = await addEverything(app, everything.url);
    const client = await proxyClient(app, user.session.access_token, server.endpoint);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("get-roots-list");
    const started = Date.now();
    const result = (await client.callTool({ name: "get-roots-list" })) as CallToolResult;
    expect(JSON.stringify(result.content)).toContain("no roots are currently configured");
    expect(Date.now() - started).toBeLessThan(5000);
    await client.close();
  }, 20_000);
});
