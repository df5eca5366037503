import {
  isAppOnlyTool,
  isRenderBehavior,
  type RenderBehavior,
  renderBehaviorSchemaKey,
} from "@a2a-chat/contracts";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type {
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation/types.js";
import { sameOriginCredentials } from "../lib/same-origin-credentials.js";
import type { ToolServer } from "./mcp-registry-api.js";
import {
  type McpFetch,
  mcpClientInfo,
  resolveEndpoint,
  toolCallHeaders,
  withoutNotificationStream,
} from "./mcp-tool-call.js";

/**
 * A tool as the client keeps it (tools spec §3): whatever the server reported, plus the name and
 * endpoint of the server it came from.
 */
export type ServerTool = Tool & { serverName: string; serverEndpoint: string };

/**
 * How long connecting and each listing request may take. The registry lists servers that may
 * have gone away since; without a limit one dead host would hold the whole column on loading.
 */
export const listToolsTimeoutMs = 10_000;

// A server that keeps handing out cursors must not keep the listing going forever.
const maxPages = 20;

/**
 * Output-schema validators that accept everything. The SDK compiles a validator for each listed
 * tool's outputSchema, to check results of calls made later on the same client; this session
 * makes none. Its default compiler (Ajv) builds functions from strings, which the site's
 * Content-Security-Policy (no 'unsafe-eval') forbids, so listing would fail in the browser.
 */
export const listingSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

const globalFetch: McpFetch = (url, init) => fetch(url, init);

/** What listServerTools needs. */
export interface ListServerToolsOptions {
  server: Pick<ToolServer, "name" | "endpoint" | "auth">;
  /** The session's bearer token; sent only to servers whose auth is 'required'. */
  token: string | null;
  /** The current conversation, sent as x-context-id when known. */
  contextId?: string | null;
  timeoutMs?: number;
  fetch?: McpFetch;
}

/**
 * Lists one server's tools over a short streamable-HTTP MCP session: connect, tools/list (every
 * page), close (tools spec §7). Rejects when the server cannot be reached or listed.
 */
export async function listServerTools(options: ListServerToolsOptions): Promise<ServerTool[]> {
  // The SDK is loaded only when tools are listed, so it stays out of the chat bundle.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const { server } = options;
  const token = server.auth === "required" ? options.token : null;
  const transport = new StreamableHTTPClientTransport(resolveEndpoint(server.endpoint), {
    requestInit: { headers: toolCallHeaders(token, options.contextId) },
    fetch: withoutNotificationStream(sameOriginCredentials(options.fetch ?? globalFetch)),
  });
  const client = new Client(mcpClientInfo, {
    capabilities: {},
    jsonSchemaValidator: listingSchemaValidator,
  });
  const requestOptions = { timeout: options.timeoutMs ?? listToolsTimeoutMs };
  try {
    await client.connect(transport, requestOptions);
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page += 1) {
      const result = await client.listTools(cursor ? { cursor } : undefined, requestOptions);
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    // MCP Apps: a tool only its app may call (_meta.ui.visibility ["app"]) is not listed.
    return tools
      .filter((tool) => !isAppOnlyTool(tool))
      .map((tool) => ({
        ...tool,
        serverName: server.name,
        serverEndpoint: server.endpoint,
      }));
  } finally {
    // Closing only aborts local requests; a failure there must not hide the listing's outcome.
    await client.close().catch(() => undefined);
  }
}

/** The render behaviour a tool declares on its outputSchema (x-render-behavior), if any. */
export function toolRenderBehavior(tool: Pick<Tool, "outputSchema">): RenderBehavior | undefined {
  const value = tool.outputSchema?.[renderBehaviorSchemaKey];
  return isRenderBehavior(value) ? value : undefined;
}
