import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type EventStore,
  StreamableHTTPServerTransport,
} from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** Events kept in order, so a client that comes back with Last-Event-ID gets what it missed. */
class OrderedEventStore implements EventStore {
  private readonly events: { id: string; streamId: string; message: JSONRPCMessage }[] = [];

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}:${this.events.length}`;
    this.events.push({ id, streamId, message });
    return id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.find((event) => event.id === eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const at = this.events.findIndex((event) => event.id === lastEventId);
    const streamId = this.events[at]?.streamId ?? "";
    for (const event of this.events.slice(at + 1)) {
      // The priming events carry no message.
      if (event.streamId === streamId && "jsonrpc" in event.message)
        await send(event.id, event.message);
    }
    return streamId;
  }
}

/**
 * A streamable HTTP MCP server (the official SDK's, with an event store) whose one tool,
 * `interrupted`, closes the call's SSE stream after its first progress notification and answers
 * `Done: {text}` a moment later: a client that reconnects with Last-Event-ID gets the answer.
 * `resumedWith` lists the Last-Event-ID of every GET it received.
 */
export async function startResumingMcp(retryMs = 100) {
  const resumedWith: string[] = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  const newSession = async () => {
    const mcp = new McpServer({ name: "resuming", version: "1.0.0" });
    mcp.registerTool(
      "interrupted",
      { description: "Answers after its stream was closed", inputSchema: { text: z.string() } },
      async ({ text }, extra) => {
        const token = extra._meta?.progressToken;
        if (token !== undefined)
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: token, progress: 1, total: 2, message: "halfway" },
          });
        extra.closeSSEStream?.();
        await new Promise((resolve) => setTimeout(resolve, retryMs * 3));
        return { content: [{ type: "text", text: `Done: ${text}` }] };
      },
    );
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new OrderedEventStore(),
      retryInterval: retryMs,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    await mcp.connect(transport);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body: unknown = text ? JSON.parse(text) : undefined;
    const lastEventId = req.headers["last-event-id"];
    if (req.method === "GET" && typeof lastEventId === "string") resumedWith.push(lastEventId);
    const id = req.headers["mcp-session-id"];
    const known = typeof id === "string" ? sessions.get(id) : undefined;
    const transport = known ?? (id === undefined ? await newSession() : undefined);
    if (!transport) {
      res.writeHead(404).end();
      return;
    }
    await transport.handleRequest(req, res, body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    resumedWith,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
