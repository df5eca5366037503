import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createEntitiesSchema } from "../../apps/web/src/tools/forms/schema-fixtures.js";

/** Tools whose input schemas exercise the parameter form; each answers with what it got. */
export const formTools = [
  {
    name: "configure",
    description: "An if/then/else form: 'advanced' reveals the expert level",
    inputSchema: {
      type: "object",
      properties: {
        mode: { type: "string", enum: ["basic", "advanced"] },
        name: { type: "string" },
      },
      required: ["name"],
      if: { properties: { mode: { const: "advanced" } }, required: ["mode"] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword.
      then: {
        properties: { expert_level: { type: "integer", minimum: 1, maximum: 5 } },
        required: ["expert_level"],
      },
    },
  },
  {
    name: "needs_x",
    description: "Requires x, which it does not describe",
    inputSchema: { type: "object", required: ["x"] },
  },
  {
    // As @modelcontextprotocol/server-memory lists it.
    name: "create_entities",
    description: "Create multiple new entities in the knowledge graph",
    inputSchema: createEntitiesSchema,
  },
];

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve(text === "" ? undefined : JSON.parse(text));
    });
  });
}

/** An MCP server (official SDK, streamable HTTP, no sessions) offering `formTools`. */
export async function startFormToolsMcp() {
  const http = createServer((req, res) => {
    void (async () => {
      const mcp = new Server({ name: "forms", version: "1.0.0" }, { capabilities: { tools: {} } });
      mcp.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: formTools }));
      mcp.setRequestHandler(CallToolRequestSchema, async (request) => ({
        content: [
          {
            type: "text",
            text: `${request.params.name} received ${JSON.stringify(request.params.arguments ?? {})}`,
          },
        ],
      }));
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      res.on("close", () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(
        req,
        res,
        req.method === "POST" ? await readBody(req) : undefined,
      );
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/mcp`;
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-forms-"));
  const configPath = join(dir, "config.yaml");
  writeFileSync(
    configPath,
    `mcp:\n  servers:\n    - { name: forms, url: "${url}", description: Form tools }\n`,
  );
  return {
    url,
    /** A config file listing it as the MCP server "forms" (pass as CONFIG). */
    configPath,
    stop: () =>
      new Promise<void>((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
