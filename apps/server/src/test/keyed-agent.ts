import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { AgentCard, Role } from "@a2a-js/sdk";
import {
  AgentEvent,
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
} from "@a2a-js/sdk/server";

/**
 * An A2A 1.0 agent (the @a2a-js/sdk server) whose card declares an API key in the X-API-Key
 * header, and which answers 401 to a JSON-RPC call without that key and 403 to the key
 * `forbidden`. It replies "ok" to every message.
 */
export async function startKeyedAgent(key: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card = {
    name: "Keyed agent",
    description: "Wants an API key",
    version: "1.0.0",
    supportedInterfaces: [{ url, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" }],
    capabilities: { streaming: false, pushNotifications: false },
    securitySchemes: {
      key: { apiKeySecurityScheme: { location: "header", name: "X-API-Key", description: "" } },
    },
    securityRequirements: [{ schemes: { key: { list: [] } } }],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "ok", name: "OK", description: "Says ok", tags: ["test"], examples: [] }],
  };
  const handler = new DefaultRequestHandler(AgentCard.fromJSON(card), new InMemoryTaskStore(), {
    async execute(request, bus) {
      bus.publish(
        AgentEvent.message({
          messageId: randomUUID(),
          contextId: request.contextId,
          taskId: "",
          role: Role.ROLE_AGENT,
          parts: [
            {
              content: { $case: "text", value: "ok" },
              mediaType: "text/plain",
              filename: "",
              metadata: undefined,
            },
          ],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        }),
      );
      bus.finished();
    },
    async cancelTask() {},
  });
  const rpc = new JsonRpcTransportHandler(handler);
  server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/.well-known/agent-card.json") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(card));
        return;
      }
      const given = req.headers["x-api-key"];
      if (given !== key) {
        res.writeHead(given === "forbidden" ? 403 : 401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "no entry" }));
        return;
      }
      const context = defaultServerCallContextBuilder({
        extensions: undefined,
        headers: {},
        user: new UnauthenticatedUser(),
        requestedVersion: "1.0",
      });
      rpc
        .handle(JSON.parse(Buffer.concat(chunks).toString("utf8")), context)
        .then((result) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(result));
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
