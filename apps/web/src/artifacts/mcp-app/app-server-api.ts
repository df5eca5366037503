import type { CallToolResult, ReadResourceResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { listingSchemaValidator } from "../../api/list-server-tools.js";
import {
  callTool,
  mcpClientInfo,
  resolveEndpoint,
  toolCallHeaders,
  withoutNotificationStream,
} from "../../api/mcp-tool-call.js";
import { sameOriginCredentials } from "../../lib/same-origin-credentials.js";
import { sessionToken } from "../../lib/session-token.js";

/** The session token, for an endpoint of this site only (the proxy never passes it on). */
function tokenFor(endpoint: string): string | null {
  return resolveEndpoint(endpoint).origin === window.location.origin
    ? sessionToken().validToken()
    : null;
}

/** Runs work over one short MCP session with the app's server, through its endpoint on this site. */
async function withServer<T>(
  endpoint: string,
  work: (client: import("@modelcontextprotocol/sdk/client/index.js").Client) => Promise<T>,
): Promise<T> {
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const transport = new StreamableHTTPClientTransport(resolveEndpoint(endpoint), {
    requestInit: { headers: toolCallHeaders(tokenFor(endpoint)) },
    fetch: withoutNotificationStream(sameOriginCredentials((url, init) => fetch(url, init))),
  });
  const client = new Client(mcpClientInfo, {
    capabilities: {},
    jsonSchemaValidator: listingSchemaValidator,
  });
  try {
    await client.connect(transport);
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Reads one resource of the app's server (its ui:// HTML, or what the app asks for). */
export function readServerResource(endpoint: string, uri: string): Promise<ReadResourceResult> {
  return withServer(endpoint, (client) => client.readResource({ uri }));
}

/** Every tool of the app's server, those only apps may call included. */
export function listServerToolsForApp(endpoint: string): Promise<Tool[]> {
  return withServer(endpoint, async (client) => {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const result = await client.listTools(cursor ? { cursor } : undefined);
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools;
  });
}

/**
 * Calls a tool of the app's server for the app: through the proxy with the server's
 * credentials, recorded as an execution (no conversation: an app's calls leave no message).
 */
export function callServerToolForApp(
  endpoint: string,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return callTool({
    endpoint,
    toolName: name,
    args,
    token: tokenFor(endpoint),
    returnErrors: true,
  });
}
