import { canAccess } from "@a2a-chat/contracts";
import type { ServerTool } from "../api/list-server-tools.js";
import type { ToolServer } from "../api/mcp-registry-api.js";

/** Tools spec §8: the registry load failed with an error carrying no message of its own. */
export const registryLoadFailedMessage = "Failed to load MCP registry";

/**
 * How the column treats a tool server for the current user (tools spec §5, §6): listed with its
 * tools, left out, or greyed with a sign-in prompt.
 */
export type ToolServerAccess = "open" | "hidden" | "login";

/** What access depends on: whether the user signed in, and their scopes. */
export interface ToolServerAuth {
  isAuthenticated: boolean;
  scopes: readonly string[];
}

/**
 * Tools spec §5, §6. A server without oauth_required is open. A visitor who has not signed in
 * sees one with it greyed (its tools need a signed-in user; signing in brings the scopes). A
 * signed-in user has it when its scope list is empty or they hold one of its scopes (matched by
 * rank, as for agents); otherwise it is left out.
 */
export function toolServerAccess(
  server: Pick<ToolServer, "oauth_required" | "oauth_scopes">,
  auth: ToolServerAuth,
): ToolServerAccess {
  if (!server.oauth_required) return "open";
  if (!auth.isAuthenticated) return "login";
  return canAccess(auth.scopes, server.oauth_scopes) ? "open" : "hidden";
}

/** A server the column shows, with the access that decides how. */
export interface ShownToolServer {
  server: ToolServer;
  access: Exclude<ToolServerAccess, "hidden">;
}

/** The registry's servers the user may see, in registry order (tools spec §5). */
export function permittedServers(servers: readonly ToolServer[], auth: ToolServerAuth) {
  return servers.flatMap((server): ShownToolServer[] => {
    const access = toolServerAccess(server, auth);
    return access === "hidden" ? [] : [{ server, access }];
  });
}

/** One open server's listing outcome: its tools, or null when it could not be listed. */
export interface ServerListing {
  shown: ShownToolServer;
  tools: ServerTool[] | null;
}

/**
 * The servers and the collected tool list after a load: a server that could not be reached or
 * listed is left out (tools spec §5), except one the user added; greyed servers stay, without
 * tools.
 */
export function collectListings(listings: readonly ServerListing[]): {
  servers: ShownToolServer[];
  tools: ServerTool[];
} {
  // A server the user added stays even when it cannot be listed: its Connection and Remove
  // buttons are how the user mends or drops it.
  const kept = listings.filter(
    (listing) =>
      listing.shown.access === "login" ||
      listing.tools !== null ||
      listing.shown.server.userServerId !== undefined,
  );
  return {
    servers: kept.map((listing) => listing.shown),
    tools: kept.flatMap((listing) => listing.tools ?? []),
  };
}

/** The tools of one server, in the order the server listed them. */
export function toolsOfServer(tools: readonly ServerTool[], server: Pick<ToolServer, "name">) {
  return tools.filter((tool) => tool.serverName === server.name);
}

/** The message stored for a failed registry load (tools spec §4). */
export function registryErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : registryLoadFailedMessage;
}

/** A key of who the tools were loaded for: the permitted servers change with it. */
export function toolsAuthKey(auth: ToolServerAuth & { userId: string | null }): string {
  return JSON.stringify([auth.userId, auth.isAuthenticated, [...auth.scopes].sort()]);
}
