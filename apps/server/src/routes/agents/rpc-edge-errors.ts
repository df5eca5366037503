import type { Context } from "hono";
import { rpcError } from "../../agents/json-rpc-handler.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";

/** An agent's JSON-RPC endpoint: POST /api/v1/agents/{name}, with or without a trailing slash. */
const agentEndpoint = /^\/api\/v1\/agents\/[^/]+\/?$/;

/** JSON-RPC codes of the body guards' refusals (JSON-RPC 2.0: parse error, invalid request, invalid params). */
const rpcCodes: Partial<Record<AppError["code"], number>> = {
  invalid_json: -32700,
  json_too_complex: -32600,
  validation_failed: -32602,
};

/**
 * The body guards run before any route, so their refusals of a JSON-RPC call (malformed JSON, a
 * NUL character) would otherwise reach a protocol client as a REST error envelope. On an agent
 * endpoint they are JSON-RPC errors instead; undefined for every other request.
 */
export function rpcEdgeError(error: Error, c: Context<AppEnv>): Response | undefined {
  if (c.req.method !== "POST" || !agentEndpoint.test(c.req.path)) return undefined;
  if (!(error instanceof AppError)) return undefined;
  const code = rpcCodes[error.code];
  if (code === undefined) return undefined;
  return c.json(rpcError(c.var.body, { code, message: error.message }), 200);
}
