import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type {
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
} from "@modelcontextprotocol/sdk/types.js";
import { sameOriginCredentials } from "../lib/same-origin-credentials.js";
import { listingSchemaValidator, listToolsTimeoutMs } from "./list-server-tools.js";
import type { ToolServer } from "./mcp-registry-api.js";
import {
  type McpFetch,
  mcpClientInfo,
  resolveEndpoint,
  toolCallHeaders,
  withoutNotificationStream,
} from "./mcp-tool-call.js";

/** Which server to talk to, and as whom. */
export interface BrowseTarget {
  server: Pick<ToolServer, "name" | "endpoint" | "auth">;
  /** The session's bearer token; sent only to servers whose auth is 'required'. */
  token: string | null;
  fetch?: McpFetch;
  /** Ends the session and its requests (the server went away from the column). */
  signal?: AbortSignal;
}

/** What a server offers beside tools (each list empty when the server offers none). */
export interface ServerOfferings {
  resources: Resource[];
  templates: ResourceTemplate[];
  prompts: Prompt[];
}

// A server that keeps handing out cursors must not keep the listing going forever.
const maxPages = 20;
/** JSON-RPC 'Method not found': the server does not offer that list. */
const methodNotFound = -32601;

/** Runs work on a short MCP session with the server (connect, work, close). */
export async function withMcpSession<T>(
  target: BrowseTarget,
  work: (client: Client, options: { timeout: number; signal?: AbortSignal }) => Promise<T>,
): Promise<T> {
  // The SDK is loaded only when needed, so it stays out of the chat bundle.
  const [{ Client: McpClient }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const token = target.server.auth === "required" ? target.token : null;
  const transport = new StreamableHTTPClientTransport(resolveEndpoint(target.server.endpoint), {
    requestInit: { headers: toolCallHeaders(token) },
    fetch: withoutNotificationStream(sameOriginCredentials(target.fetch ?? fetch.bind(globalThis))),
  });
  const client = new McpClient(mcpClientInfo, {
    capabilities: {},
    jsonSchemaValidator: listingSchemaValidator,
  });
  const options = {
    timeout: listToolsTimeoutMs,
    ...(target.signal ? { signal: target.signal } : {}),
  };
  try {
    await client.connect(transport, options);
    return await work(client, options);
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < maxPages; n += 1) {
    const result = await page(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/** A list the server does not offer (it said so, or did not declare it) is empty. */
async function offered<T>(declared: boolean, list: () => Promise<T[]>): Promise<T[]> {
  if (!declared) return [];
  try {
    return await list();
  } catch (error) {
    if ((error as { code?: unknown }).code === methodNotFound) return [];
    throw error;
  }
}

/** The server's resources, resource templates and prompts (every page of each). */
export function listServerOfferings(target: BrowseTarget): Promise<ServerOfferings> {
  return withMcpSession(target, async (client, options) => {
    const caps = client.getServerCapabilities() ?? {};
    const params = (cursor: string | undefined) => (cursor ? { cursor } : undefined);
    const resources = await offered(Boolean(caps.resources), () =>
      allPages(async (cursor) => {
        const r = await client.listResources(params(cursor), options);
        return { items: r.resources, nextCursor: r.nextCursor };
      }),
    );
    const templates = await offered(Boolean(caps.resources), () =>
      allPages(async (cursor) => {
        const r = await client.listResourceTemplates(params(cursor), options);
        return { items: r.resourceTemplates, nextCursor: r.nextCursor };
      }),
    );
    const prompts = await offered(Boolean(caps.prompts), () =>
      allPages(async (cursor) => {
        const r = await client.listPrompts(params(cursor), options);
        return { items: r.prompts, nextCursor: r.nextCursor };
      }),
    );
    return { resources, templates, prompts };
  });
}

/** Reads one resource. */
export function readServerResource(target: BrowseTarget, uri: string): Promise<ReadResourceResult> {
  return withMcpSession(target, (client, options) => client.readResource({ uri }, options));
}

/** Gets a prompt with its arguments filled in. */
export function getServerPrompt(
  target: BrowseTarget,
  name: string,
  args: Record<string, string>,
): Promise<GetPromptResult> {
  return withMcpSession(target, (client, options) =>
    client.getPrompt({ name, arguments: args }, options),
  );
}

/** What a completion is asked for: a prompt's argument or a resource template's. */
export type CompletionRef =
  | { type: "ref/prompt"; name: string }
  | { type: "ref/resource"; uri: string };

/** The server's suggestions for an argument's value (none when it offers no completions). */
export function completeArgument(
  target: BrowseTarget,
  ref: CompletionRef,
  argument: { name: string; value: string },
  context?: Record<string, string>,
): Promise<string[]> {
  return withMcpSession(target, async (client, options) => {
    if (!client.getServerCapabilities()?.completions) return [];
    const result = await client.complete(
      { ref, argument, ...(context ? { context: { arguments: context } } : {}) },
      options,
    );
    return result.completion.values;
  });
}

/** A prompt's messages as the text a user can edit in the composer. */
export function promptText(result: GetPromptResult): string {
  return result.messages
    .map((message) => {
      const content = message.content;
      if (content.type === "text") return content.text;
      if (content.type === "resource") {
        const resource = content.resource as { uri: string; text?: string };
        return resource.text ?? `[${resource.uri}]`;
      }
      if (content.type === "resource_link") return `[${content.uri}]`;
      return `[${content.type}]`;
    })
    .join("\n\n");
}

/** The variables of a resource template (RFC 6570, as the SDK reads it). */
export async function templateVariables(uriTemplate: string): Promise<string[]> {
  const { UriTemplate } = await import("@modelcontextprotocol/sdk/shared/uriTemplate.js");
  return new UriTemplate(uriTemplate).variableNames;
}

/** A resource template with its variables filled in. */
export async function expandTemplate(
  uriTemplate: string,
  values: Record<string, string>,
): Promise<string> {
  const { UriTemplate } = await import("@modelcontextprotocol/sdk/shared/uriTemplate.js");
  return new UriTemplate(uriTemplate).expand(values);
}
