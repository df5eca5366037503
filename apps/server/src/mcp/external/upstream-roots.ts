import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/**
 * Declares the roots capability with no roots: a web product has no file roots to offer, and a
 * server that asks (roots/list) gets an empty list rather than 'Method not found'. Called before
 * connecting, so the capability is part of initialize.
 */
export function declareNoRoots(client: Client): void {
  client.registerCapabilities({ roots: { listChanged: false } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
}
