import { randomBytes } from "node:crypto";
import { externalMcpServerSchema } from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { inProcessFetch } from "./a2a.js";
import { createTestApp } from "./app.js";

type App = ReturnType<typeof createTestApp>;

const credentialsKey = randomBytes(32).toString("base64");

/** A test app that lets user-added MCP servers on 127.0.0.1 be reached. */
export const appReachingLoopback = (db: Parameters<typeof createTestApp>[0]) =>
  createTestApp(db, { config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } } });

/** Adds an MCP server as the user (POST /mcp/external); throws unless it is added. */
export async function addUserServer(app: App, token: string, body: { name: string; url: string }) {
  const res = await app.request("/api/v1/mcp/external", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 201) throw new Error(`add failed ${res.status}: ${JSON.stringify(json)}`);
  return externalMcpServerSchema.parse(json);
}

/** The official MCP client, as the browser uses it, on a proxy endpoint of the in-process app. */
export async function userServerClient(
  app: App,
  token: string,
  endpoint: string,
  contextId?: string,
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost${endpoint}`), {
    fetch: inProcessFetch(app, token),
    requestInit: { headers: contextId ? { "x-context-id": contextId } : {} },
  });
  const client = new Client({ name: "a2a-chat-web", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/**
 * A test app with one model-backed agent on the fake OpenAI server at `modelUrl` (the default
 * agent, with no servers of its own) that may reach user-added MCP servers on 127.0.0.1.
 */
export function modelAgentApp(
  db: Parameters<typeof createTestApp>[0],
  modelUrl: string,
  agent: { name: string; description: string },
) {
  return createTestApp(db, {
    config: {
      providers: { compatible: { baseUrl: modelUrl, apiKey: "k" } },
      outbound: { allowHosts: ["127.0.0.1"], credentialsKey },
      agents: [
        {
          ...agent,
          systemPrompt: "Use tools.",
          model: "compatible:fake-model",
          mcpServers: [],
          default: true,
        },
      ],
    },
  });
}

/**
 * Adds an MCP server as the user (throws unless it is added) and lends it to agents
 * (PUT …/agent-use). Returns the server's id and the lending's status.
 */
export async function lendUserServer(
  app: App,
  token: string,
  body: { name: string; url: string },
  agents: string[] | "all",
): Promise<{ id: string; lent: number }> {
  const { id } = await addUserServer(app, token, body);
  const res = await app.request(`/api/v1/mcp/external/${id}/agent-use`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ agents }),
  });
  return { id, lent: res.status };
}
