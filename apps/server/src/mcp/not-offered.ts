import type { Context } from "hono";

/**
 * The answer of our stateless MCP endpoints to GET (a stream to open) and DELETE (a session to
 * end): they keep neither, so 405 with `Allow: POST`, which SDK clients read as "not offered".
 */
export function mcpMethodNotOffered(c: Context) {
  c.header("Allow", "POST");
  return c.json(
    { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null },
    405,
  );
}
