import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { inProcessFetch } from "./a2a.js";

/** An official MCP SDK client connected to a built-in server of the in-process app. */
export async function mcpClient(
  app: Hono<AppEnv>,
  server: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(
    new URL(`http://localhost/api/v1/mcp/${server}/mcp`),
    { fetch: inProcessFetch(app, token), requestInit: { headers } },
  );
  const client = new Client({ name: "systemprompt-web-client", version: "1.0.0" });
  await client.connect(transport);
  return client;
}
