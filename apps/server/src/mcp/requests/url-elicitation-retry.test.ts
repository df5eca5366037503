import { randomBytes } from "node:crypto";
import {
  externalMcpServerSchema,
  type McpRequest,
  mcpRequestListSchema,
} from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcessFetch } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { taskUser } from "../../test/tasks.js";
import { thenRetryMetaKey } from "./url-elicitation-retry.js";

/**
 * A server that answers a call with URLElicitationRequiredError (-32042, server-everything's
 * trigger-url-elicitation with errorPath): the proxy shows the user the link it names, and once
 * they are done there, tries the call again in the same session; declined, the call fails with
 * the server's error.
 */

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

let everything: EverythingProcess;
beforeAll(async () => {
  everything = await startEverything();
}, 60_000);
afterAll(async () => {
  await everything?.stop();
});

const credentialsKey = randomBytes(32).toString("base64");

async function setup(app: App) {
  const user = await taskUser(app);
  const res = await app.request("/api/v1/mcp/external", {
    method: "POST",
    headers: { ...user.headers, "content-type": "application/json" },
    body: JSON.stringify({ name: "Everything", url: everything.url }),
  });
  const server = externalMcpServerSchema.parse(await res.json());
  const contextId = await user.createContext();
  const transport = new StreamableHTTPClientTransport(
    new URL(`http://localhost${server.endpoint}`),
    {
      fetch: inProcessFetch(app, user.session.access_token),
      requestInit: { headers: { "x-context-id": contextId } },
    },
  );
  const client = new Client({ name: "browser", version: "1.0.0" });
  await client.connect(transport);
  return { user, client };
}

/** Waits for a pending request other than those already seen. */
async function nextPending(app: App, user: User, seen: Set<string>): Promise<McpRequest> {
  for (let i = 0; i < 200; i += 1) {
    const res = await app.request("/api/v1/mcp/requests", { headers: user.headers });
    const fresh = mcpRequestListSchema.parse(await res.json()).data.find((r) => !seen.has(r.id));
    if (fresh) {
      seen.add(fresh.id);
      return fresh;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no request came");
}

function answer(app: App, user: User, id: string, body: unknown) {
  return app.request(`/api/v1/mcp/requests/${id}/answer`, {
    method: "POST",
    headers: { ...user.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const target = "https://example.com/finish";

describeEachDialect("URLElicitationRequiredError through the proxy", (get) => {
  it("shows the link the error names, then tries the call again once the user is done", async () => {
    const app = createTestApp(get(), {
      config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } },
    });
    const { user, client } = await setup(app);
    const seen = new Set<string>();
    const call = client.callTool({
      name: "trigger-url-elicitation",
      arguments: { url: target, errorPath: true },
    }) as Promise<CallToolResult>;
    const prerequisite = await nextPending(app, user, seen);
    expect(prerequisite.params).toMatchObject({
      mode: "url",
      url: "https://modelcontextprotocol.io",
      message: "Open this link to satisfy the prerequisite, then retry the request.",
      _meta: { [thenRetryMetaKey]: true },
    });
    expect((await answer(app, user, prerequisite.id, { action: "accept" })).status).toBe(200);
    // The retry passes the server's error path and asks for the link itself (request path).
    const asked = await nextPending(app, user, seen);
    expect(asked.params).toMatchObject({ mode: "url", url: target });
    expect(asked.params._meta).toBeUndefined();
    await answer(app, user, asked.id, { action: "accept" });
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain("User completed the URL elicitation flow");
    await client.close();
  });

  it("fails the call with the server's error when the user declines the link", async () => {
    const app = createTestApp(get(), {
      config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } },
    });
    const { user, client } = await setup(app);
    const call = client
      .callTool({
        name: "trigger-url-elicitation",
        arguments: { url: `${target}?declined`, errorPath: true },
      })
      .then(
        (result) => ({ result, error: undefined }),
        (error: unknown) => ({ result: undefined, error }),
      );
    const prerequisite = await nextPending(app, user, new Set());
    await answer(app, user, prerequisite.id, { action: "decline" });
    const { result, error } = await call;
    const said = error instanceof Error ? error.message : JSON.stringify(result);
    expect(said).toContain("This request requires browser-based authorization.");
    await client.close();
  });
});
