import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small MCP server over streamable HTTP (JSON answers, no session) that misbehaves on purpose,
 * by path: /bad-list lists tools without an input schema, /twice lists one name twice, /drop
 * closes the connection in the middle of a call, /wrong-output returns a result that does not
 * match the outputSchema it declared, /ghost lists a tool it then says it does not know, /auth
 * answers 401 unless sent "Authorization: Bearer right", /html answers a web page, /hang never
 * answers a call (its stream stays open, a keep-alive comment every 100 ms). /echo and
 * /auth-echo behave (the latter behind the same 401): their one tool, echo, answers "Echo: {text}".
 */
export async function startMisbehavingMcp() {
  const received: { path: string; headers: IncomingMessage["headers"]; body: string }[] = [];
  const good = { type: "object", properties: {} };
  const toolsFor = (path: string): unknown[] => {
    if (path === "/bad-list") return [{ name: "nameless-schema", description: "no inputSchema" }];
    if (path === "/twice")
      return [
        { name: "same", inputSchema: good },
        { name: "same", inputSchema: good },
      ];
    if (path === "/wrong-output")
      return [
        {
          name: "count",
          inputSchema: good,
          outputSchema: {
            type: "object",
            properties: { n: { type: "number" } },
            required: ["n"],
          },
        },
      ];
    if (path === "/ghost") return [{ name: "ghost", inputSchema: good }];
    if (path === "/echo" || path === "/auth-echo")
      return [
        {
          name: "echo",
          description: "Says the text back",
          inputSchema: {
            type: "object",
            properties: { text: { type: "string" } },
            required: ["text"],
          },
        },
      ];
    return [{ name: "slow", inputSchema: good }];
  };
  const answer = (res: ServerResponse, id: unknown, result: unknown) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path, headers: req.headers, body });
      if (path === "/html") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html><body>Welcome</body></html>");
        return;
      }
      const guarded = path === "/auth" || path === "/auth-echo";
      if (guarded && req.headers.authorization !== "Bearer right") {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "unauthorized" }));
        return;
      }
      if (req.method !== "POST") {
        res.writeHead(405).end();
        return;
      }
      const message = JSON.parse(body) as { id?: unknown; method: string; params?: unknown };
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      switch (message.method) {
        case "initialize":
          return answer(res, message.id, {
            protocolVersion: "2025-06-18",
            capabilities: { tools: {} },
            serverInfo: { name: "misbehaving", version: "0.0.1" },
          });
        case "tools/list":
          return answer(res, message.id, { tools: toolsFor(path) });
        case "tools/call":
          if (path === "/hang") {
            res.writeHead(200, { "content-type": "text/event-stream" });
            const timer = setInterval(() => res.write(": still here\n\n"), 100);
            res.on("close", () => clearInterval(timer));
            return;
          }
          if (path === "/drop") {
            res.writeHead(200, { "content-type": "text/event-stream" });
            res.write(": working\n\n");
            setTimeout(() => res.socket?.destroy(), 100);
            return;
          }
          if (path === "/echo" || path === "/auth-echo") {
            const args = (message.params as { arguments?: { text?: unknown } }).arguments;
            return answer(res, message.id, {
              content: [{ type: "text", text: `Echo: ${String(args?.text ?? "")}` }],
            });
          }
          if (path === "/wrong-output")
            return answer(res, message.id, {
              content: [{ type: "text", text: "many" }],
              structuredContent: { n: "many" },
            });
          res.writeHead(200, { "content-type": "application/json" });
          res.end(
            JSON.stringify({
              jsonrpc: "2.0",
              id: message.id,
              error: { code: -32602, message: "Unknown tool: ghost" },
            }),
          );
          return;
        default:
          return answer(res, message.id, {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
