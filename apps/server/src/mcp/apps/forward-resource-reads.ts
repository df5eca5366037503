import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";

/** Reads one resource from an open upstream session with the request's limits. */
export type ResourceRead = (
  upstream: { client: Pick<Client, "readResource"> },
  options: { timeout: number; signal: AbortSignal },
) => Promise<ReadResourceResult>;

/**
 * Forwards `resources/read` to the upstream server: how the browser fetches an MCP App's `ui://`
 * resource and how the app's own reads reach its server (through this site, with the server's
 * stored credentials). `run` opens the session and maps failures as the proxy does for tools.
 */
export function forwardResourceReads(
  server: Server,
  run: (read: ResourceRead) => Promise<ReadResourceResult>,
): void {
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) =>
    run((upstream, { timeout, signal }) =>
      upstream.client.readResource(
        { uri: request.params.uri },
        { timeout, signal: AbortSignal.any([signal, extra.signal]) },
      ),
    ),
  );
}
