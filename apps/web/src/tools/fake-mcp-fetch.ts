import { vi } from "vitest";
import type { McpFetch } from "../api/mcp-tool-call.js";

/** A JSON-RPC request as a test MCP server sees it. */
export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id?: number | string;
  method: string;
  params?: {
    protocolVersion?: string;
    cursor?: string;
    name?: string;
    arguments?: unknown;
  };
}

/** One request the fake server received. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body?: JsonRpcRequest;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

/**
 * A stateless MCP server on a fetch, for tests: answers initialize itself, notifications with 202,
 * GET with 405 (no notification stream), and every other method with what `answer` returns for it
 * (its JSON-RPC result), or 'Method not found' when that is undefined.
 */
export function fakeMcpFetch(
  answer: (request: JsonRpcRequest) => unknown,
  capabilities: Record<string, unknown> = { tools: {} },
) {
  const calls: SeenRequest[] = [];
  const fetchImpl = vi.fn<McpFetch>(async (url, init) => {
    const method = init?.method ?? "GET";
    const body =
      typeof init?.body === "string" ? (JSON.parse(init.body) as JsonRpcRequest) : undefined;
    calls.push({
      url: String(url),
      method,
      headers: new Headers(init?.headers),
      ...(body ? { body } : {}),
    });
    if (method !== "POST" || !body) return new Response(null, { status: 405 });
    if (body.id === undefined) return new Response(null, { status: 202 });
    if (body.method === "initialize") {
      return json({
        jsonrpc: "2.0",
        id: body.id,
        result: {
          protocolVersion: body.params?.protocolVersion,
          capabilities,
          serverInfo: { name: "analytics", version: "0.1.0" },
        },
      });
    }
    const result = answer(body);
    if (result === undefined) {
      return json({
        jsonrpc: "2.0",
        id: body.id,
        error: { code: -32601, message: "Method not found" },
      });
    }
    return json({ jsonrpc: "2.0", id: body.id, result });
  });
  return { fetchImpl, calls };
}
