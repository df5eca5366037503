import {
  contextIdHeader,
  externalMcpEndpoint,
  isAppOnlyTool,
  traceIdHeader,
} from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type CallToolResult,
  ErrorCode,
  McpError,
  type Task,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { AgentConfig } from "../config/schema.js";
import type { Services } from "../http/services.js";
import { builtinServer } from "../mcp/builtin-servers.js";
import { resolveResourceLinks } from "../mcp/external/resolve-resource-links.js";
import { externalHeaders } from "../mcp/external-probe.js";
import { siteMcpEndpointPath } from "../mcp/mcp-registry.js";
import { taskIdHeader } from "../mcp/tool-context.js";
import { linkedAbort } from "../net/linked-abort.js";
import { signal as report } from "../observe/signals.js";
import { fetchWithTraceContext, inSpan, type SpanStart } from "../observe/tracing.js";
import { version } from "../version.js";
import { toolSchemaValidator } from "./cached-schema-validator.js";
import { confirming } from "./confirm-destructive.js";
import { callOnce } from "./mcp-call-once.js";
import type { RunnerTool, RunnerToolResult } from "./model-runner.js";
import { toRunnerResult } from "./runner-result.js";
import { ToolListCache } from "./tool-list-cache.js";

/** What an agent's turn needs to reach its tool servers as the caller. */
export interface AgentToolsInput {
  services: Services;
  agent: AgentConfig;
  /** The caller's bearer token, forwarded to our built-in servers. */
  token: string | undefined;
  /** The caller's scopes: a built-in server lists the tools these reach. */
  scopes: readonly string[];
  contextId: string;
  taskId: string;
  /** The turn's user: a call to a destructive tool asks them first (see confirm-destructive). */
  userId?: string;
  traceId: string;
  /** Origin of our own endpoints (the public URL, or the local one). */
  origin: string;
  /**
   * MCP servers the caller added and lets this site's agents use: reached at their proxy on this
   * site with the caller's token (which the proxy never passes on; it sends the server's own
   * stored credentials), so each call is recorded as the caller's calls from the Tools column are.
   */
  userServers?: readonly { id: string; name: string }[];
  /**
   * Longest a call to one of this site's own tool servers may go unanswered: they answer once
   * this server gets to it, so under overload a call waits with the turn (its time limit)
   * rather than fails. Calls to other servers wait `toolCallTimeoutMs`.
   */
  ownCallTimeoutMs?: number;
  /** Longest a call to any other server may go unanswered (`toolCallTimeoutMs` by default). */
  callTimeoutMs?: number;
}

/** The tools of one turn and the way to disconnect from their servers. */
export interface AgentTools {
  tools: RunnerTool[];
  close(): Promise<void>;
}

/** Longest a server may take to connect and list its tools before it is skipped. */
const connectTimeoutMs = 10_000;

/** Longest one tool call may go unanswered (the MCP SDK's default). */
export const toolCallTimeoutMs = 60_000;

/** The result of a tool call that got no answer in time. */
export const toolTimeoutText = (ms: number) =>
  `Tool execution timed out: no answer within ${ms < 1000 ? `${ms} ms` : `${ms / 1000} s`}.`;

/** One tool server of a turn: its tools, and a session opened at the latest when first needed. */
interface Connection {
  server: string;
  /** The server's name as spans carry it: "external" for a server a user added. */
  tracedServer: string;
  callTimeoutMs: number;
  tools: Tool[];
  /** Told each status of a task-only tool's task (logged: the turn shows the call running). */
  taskStatus(tool: Tool, task: Task): void;
  client(): Promise<Client>;
  close(): Promise<void>;
}

/** Where a server is reached and with which headers, or undefined when it is skipped. */
interface Endpoint {
  url: URL;
  headers: Record<string, string>;
  /** The cache key of its tool list (built-in servers only: their lists never change). */
  listKey?: string;
  /** Longest one call may go unanswered. */
  callTimeoutMs: number;
  /** Longest connecting and listing the tools may take (this site's own: as long as a call). */
  connectTimeoutMs: number;
  /** A server the caller added (its name and tools are theirs: spans do not carry them). */
  userAdded?: boolean;
}

/**
 * Connects to each of the agent's MCP servers, and to those the caller added and lets agents use,
 * over streamable HTTP, the built-in ones and the caller's (at their proxy here) with the caller's token (through the app's own fetch handler when it has one, so no socket is needed but
 * the protocol endpoint is still the only way in), and lists their tools. A built-in server's
 * list read once for the caller's scopes is reused (services.toolLists), and its session is then
 * opened only when the model calls one of its tools. A server that cannot be reached or listed
 * is logged and skipped. Tool names clashing across servers get the server's name as a prefix.
 */
export async function openAgentTools(input: AgentToolsInput): Promise<AgentTools> {
  const { services, agent } = input;
  const wanted: [string, Endpoint | undefined][] = [
    ...agent.mcpServers.map((name): [string, Endpoint | undefined] => [
      name,
      endpoint(input, name),
    ]),
    ...(input.userServers ?? []).map((server): [string, Endpoint] => [
      server.name,
      userServerEndpoint(input, server.id),
    ]),
  ];
  const connections = (
    await Promise.all(
      wanted.map(([name, where]) => (where ? connect(input, name, where) : undefined)),
    )
  ).filter((c): c is Connection => c !== undefined);
  const counts = new Map<string, number>();
  for (const c of connections)
    for (const t of c.tools) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
  const taken = new Set<string>();
  const tools: RunnerTool[] = [];
  const confirmPlace = input.userId ? { ...input, userId: input.userId } : undefined;
  for (const c of connections) {
    for (const t of c.tools) {
      let name = (counts.get(t.name) ?? 0) > 1 ? `${c.server}_${t.name}` : t.name;
      for (let n = 2; taken.has(name); n += 1) name = `${c.server}_${t.name}_${n}`;
      taken.add(name);
      tools.push(confirming(confirmPlace, runnerTool(c, name, t), t));
    }
  }
  services.logger.debug(
    { agent: agent.name, servers: connections.map((c) => c.server), tools: tools.length },
    "agent tools opened",
  );
  return {
    tools,
    close: async () => {
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}

function endpoint(input: AgentToolsInput, name: string): Endpoint | undefined {
  const { services } = input;
  const { config } = services;
  if (builtinServer(name)) {
    if (!config.mcp.builtin[name as keyof typeof config.mcp.builtin].enabled) {
      services.logger.warn(
        { agent: input.agent.name, server: name },
        "MCP server disabled; skipped",
      );
      return undefined;
    }
    return {
      url: new URL(`${input.origin}${siteMcpEndpointPath(name)}`),
      headers: ownHeaders(input),
      listKey: ToolListCache.key(name, input.scopes),
      callTimeoutMs: input.ownCallTimeoutMs ?? toolCallTimeoutMs,
      connectTimeoutMs: input.ownCallTimeoutMs ?? connectTimeoutMs,
    };
  }
  const external = config.mcp.servers.find((s) => s.name === name);
  if (!external?.enabled) {
    services.logger.warn(
      { agent: input.agent.name, server: name },
      "MCP server unknown or disabled; skipped",
    );
    return undefined;
  }
  return {
    url: new URL(external.url),
    headers: { ...externalHeaders(external), [traceIdHeader]: input.traceId },
    callTimeoutMs: input.callTimeoutMs ?? toolCallTimeoutMs,
    connectTimeoutMs,
  };
}

/** Headers of a request to one of our own MCP endpoints on the caller's behalf. */
function ownHeaders(input: AgentToolsInput): Record<string, string> {
  return {
    ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
    [contextIdHeader]: input.contextId,
    [taskIdHeader]: input.taskId,
    [traceIdHeader]: input.traceId,
  };
}

/** A server the caller added, at its proxy endpoint on this site (its tool list may change). */
function userServerEndpoint(input: AgentToolsInput, id: string): Endpoint {
  return {
    url: new URL(`${input.origin}${externalMcpEndpoint(id)}`),
    headers: ownHeaders(input),
    callTimeoutMs: input.callTimeoutMs ?? toolCallTimeoutMs,
    connectTimeoutMs,
    userAdded: true,
  };
}

/** A connected MCP client for the endpoint; closed again when connecting fails. */
async function openClient(
  input: AgentToolsInput,
  { url, headers, connectTimeoutMs: timeout }: Endpoint,
): Promise<Client> {
  const { services } = input;
  const own = services.selfFetch && url.origin === new URL(input.origin).origin;
  // Each request carries the W3C trace context of its call's span (while tracing).
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers },
    fetch: fetchWithTraceContext(own && services.selfFetch ? services.selfFetch : fetch),
  });
  const client = new Client(
    { name: `a2a-chat-agent-${input.agent.name}`, version },
    { jsonSchemaValidator: toolSchemaValidator },
  );
  try {
    await client.connect(transport, { timeout });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

async function listTools(client: Client, timeout: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, {
      timeout,
    });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  // A tool that runs only as an MCP task (execution.taskSupport: required) is offered too: the
  // agent calls it as a task (see callTool). The proxy already turns such tools into ordinary ones.
  // MCP Apps: a tool only its app may call (_meta.ui.visibility ["app"]) is not the model's.
  return tools.filter((tool) => !isAppOnlyTool(tool));
}

async function connect(
  input: AgentToolsInput,
  name: string,
  where: Endpoint,
): Promise<Connection | undefined> {
  const { services } = input;
  let session: Promise<Client> | undefined;
  const connection = (tools: Tool[]): Connection => ({
    server: name,
    tracedServer: where.userAdded ? "external" : name,
    callTimeoutMs: where.callTimeoutMs,
    tools,
    taskStatus: (tool, task) =>
      services.logger.info(
        {
          agent: input.agent.name,
          server: name,
          tool: tool.name,
          task: task.taskId,
          status: task.status,
        },
        "MCP task status",
      ),
    client: () => {
      session ??= openClient(input, where);
      return session;
    },
    close: async () => {
      const opened = session;
      session = undefined;
      if (opened) await opened.then((c) => c.close()).catch(() => undefined);
    },
  });
  const cached = where.listKey ? services.toolLists.get(where.listKey) : undefined;
  if (cached) return connection(cached);
  try {
    const client = await openClient(input, where);
    session = Promise.resolve(client);
    const tools = await listTools(client, where.connectTimeoutMs);
    if (where.listKey) services.toolLists.set(where.listKey, tools);
    return connection(tools);
  } catch (error) {
    services.logger.warn(
      { err: error, agent: input.agent.name, server: name },
      "MCP server unreachable for the agent; skipped",
    );
    const opened = session;
    session = undefined;
    await opened?.then((c) => c.close()).catch(() => undefined);
    return undefined;
  }
}

function runnerTool(connection: Connection, name: string, tool: Tool): RunnerTool {
  return {
    name,
    server: connection.server,
    description: tool.description ?? tool.title ?? tool.name,
    inputSchema: tool.inputSchema as Record<string, unknown>,
    execute: (args, signal) =>
      inSpan(...toolCallSpan(connection, tool), async (span) => {
        const result = await callTool(connection, tool, args, signal);
        if (result.isError) span.fail("tool_error");
        return result;
      }),
  };
}

/**
 * The span of one tool call (OpenTelemetry's MCP convention, `tools/call {tool}`): the method,
 * the server and the tool as configured; a server a user added is "external", its tool unnamed.
 */
function toolCallSpan(connection: Connection, tool: Tool): [string, SpanStart] {
  const known = connection.tracedServer !== "external";
  return [
    known ? `tools/call ${tool.name}` : "tools/call",
    {
      kind: "client",
      attributes: {
        "mcp.method.name": "tools/call",
        "a2a_chat.mcp.server": connection.tracedServer,
        ...(known ? { "gen_ai.tool.name": tool.name } : {}),
      },
    },
  ];
}

async function callTool(
  connection: Connection,
  tool: Tool,
  args: Record<string, unknown>,
  turnSignal: AbortSignal | undefined,
): Promise<RunnerToolResult> {
  const client = await connection.client();
  // Its own signal: a stop of the turn reaches the call only while it runs.
  const call = linkedAbort(turnSignal);
  try {
    return await callAndRead(connection, client, tool, args, call.controller.signal);
  } finally {
    call.release();
  }
}

async function callAndRead(
  connection: Connection,
  client: Client,
  tool: Tool,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<RunnerToolResult> {
  let result: CallToolResult;
  try {
    result = await callOnce(client, tool, args, {
      signal,
      timeout: connection.callTimeoutMs,
      onTaskStatus: (task) => connection.taskStatus(tool, task),
    });
  } catch (error) {
    // A call that got no answer in time is a failed call with a clear reason (recorded
    // with the call, said in the reply), not an error the turn stops on.
    const timedOut =
      error instanceof McpError && error.code === ErrorCode.RequestTimeout && !signal.aborted;
    report({
      kind: "tool_call",
      server: connection.server,
      outcome: timedOut ? "error" : "failed",
    });
    if (timedOut) return { isError: true, text: toolTimeoutText(connection.callTimeoutMs) };
    throw error;
  }
  // Links only the server can read are read while its session lasts (a server reached through
  // our proxy had them read there, for the call's record).
  if (connection.tracedServer !== "external")
    result = await resolveResourceLinks(client, result, {
      timeout: connection.callTimeoutMs,
      signal,
    });
  const outcome = result.isError === true ? "error" : "ok";
  report({ kind: "tool_call", server: connection.server, outcome });
  return toRunnerResult(result, tool.name);
}
