import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

/** A request the recording server received: its path, JSON-RPC method and headers. */
export interface RecordedMcpRequest {
  path: string;
  method: string | undefined;
  headers: IncomingMessage["headers"];
}

/**
 * Test helper: an MCP server on the official SDK (streamable HTTP, stateless) that records every
 * request's headers. Each path is a server of its own with one tool, `lookup_<path>` (e.g.
 * `lookup_a` at /a), which answers "found {query}".
 */
export async function startRecordingMcp() {
  const received: RecordedMcpRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    let body = "";
    req.setEncoding("utf8");
    for await (const chunk of req) body += chunk;
    const parsed = body ? (JSON.parse(body) as { method?: string }) : undefined;
    received.push({ path, method: parsed?.method, headers: req.headers });
    const mcp = new McpServer({ name: "recorder", version: "1.0.0" });
    mcp.registerTool(
      `lookup_${path.slice(1)}`,
      { description: "Looks a word up", inputSchema: { query: z.string() } },
      async ({ query }) => ({ content: [{ type: "text", text: `found ${query}` }] }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, parsed);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
