import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { SubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/**
 * A real MCP server (the SDK's, with sessions, over streamable HTTP) that notifies: subscribing
 * to a resource makes it send, on the session's own stream, `notifications/resources/updated` for
 * that resource and the three list changes (tools, prompts, resources).
 */
export async function startNotifyingMcp() {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const create = () => {
    const server = new McpServer(
      { name: "notifying", version: "1.0.0" },
      { capabilities: { resources: { subscribe: true, listChanged: true }, logging: {} } },
    );
    // A tool, as every server the product adds must list some.
    server.registerTool("ping", { description: "Answers pong" }, () => ({
      content: [{ type: "text", text: "pong" }],
    }));
    server.registerPrompt("hello", { description: "Says hello" }, () => ({
      messages: [{ role: "user", content: { type: "text", text: "hello" } }],
    }));
    server.registerResource("one", "note://one", { mimeType: "text/plain" }, (uri) => ({
      contents: [{ uri: uri.href, text: "first" }],
    }));
    server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
      const { uri } = request.params;
      setTimeout(() => {
        void (async () => {
          await server.server.notification({
            method: "notifications/resources/updated",
            params: { uri },
          });
          await server.server.sendToolListChanged();
          await server.server.sendPromptListChanged();
          await server.server.sendResourceListChanged();
        })().catch(() => undefined);
      }, 100);
      return {};
    });
    return server;
  };
  const http = createServer(async (req, res) => {
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (!transport) {
      const fresh = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, fresh);
        },
      });
      transport = fresh;
      await create().connect(fresh);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      for (const transport of sessions.values()) await transport.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
