import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/** A short WAV (8 kHz, 8-bit mono): 0.2 s of a 440 Hz tone, as base64. */
export function toneWav(): string {
  const rate = 8000;
  const samples = Buffer.alloc(rate / 5);
  for (let i = 0; i < samples.length; i += 1)
    samples[i] = 128 + Math.round(100 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes per second
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]).toString("base64");
}

function serverWithTools(erased: string[]): McpServer {
  const mcp = new McpServer({ name: "results", version: "1.0.0" });
  mcp.registerTool(
    "chime",
    {
      description: "Plays a short tone",
      annotations: { readOnlyHint: true },
    },
    async () => ({
      content: [
        { type: "text", text: "A 440 Hz tone:" },
        { type: "audio", data: toneWav(), mimeType: "audio/wav" },
      ],
    }),
  );
  mcp.registerTool(
    "erase-notes",
    {
      description: "Erases every note",
      annotations: { destructiveHint: true, readOnlyHint: false },
    },
    async () => {
      erased.push(new Date().toISOString());
      return { content: [{ type: "text", text: "Erased every note" }] };
    },
  );
  return mcp;
}

/**
 * A stateless streamable HTTP MCP server (the official SDK's) for result content: `chime`
 * (read-only) answers audio, `erase-notes` (destructive) counts its runs in `erased`.
 */
export async function startResultsMcp() {
  const erased: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await serverWithTools(erased).connect(transport);
    await transport.handleRequest(req, res, text ? JSON.parse(text) : undefined);
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
    erased,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
