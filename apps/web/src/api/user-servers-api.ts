import {
  type AddExternalMcpBody,
  type ExternalMcpServer,
  externalMcpListSchema,
  externalMcpPath,
  externalMcpServerSchema,
} from "@a2a-chat/contracts";
import type { FetchLike } from "../lib/api.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";
import type { ToolServer } from "./mcp-registry-api.js";

/**
 * A server the user added, as the Tools column keeps it: reached only at its proxy endpoint on
 * this site (with the session token, which the server never passes on), its calls recorded there.
 */
export function userServerToToolServer(record: ExternalMcpServer): ToolServer {
  return {
    name: record.name,
    description: record.url,
    endpoint: record.endpoint,
    auth: "required",
    // Not probed: the dot turns green once its tools were listed.
    status: "added",
    oauth_required: false,
    oauth_scopes: [],
    recordsCalls: true,
    watchable: true,
    userServerId: record.id,
    credentialsKind: record.credentials_kind,
    agentUse: record.agent_use,
    agents: record.agents,
  };
}

/** The MCP servers the user added, as the server remembers them. */
export async function fetchUserServers(fetchImpl?: FetchLike): Promise<ToolServer[]> {
  const list = externalMcpListSchema.parse(
    await authenticatedRequest<unknown>(externalMcpPath, {}, fetchImpl),
  );
  return list.data.map(userServerToToolServer);
}

/** Adds a server (or replaces the user's server of that name); the server checks it first. */
export async function addUserServer(
  body: AddExternalMcpBody,
  fetchImpl?: FetchLike,
): Promise<ExternalMcpServer> {
  return externalMcpServerSchema.parse(
    await authenticatedRequest<unknown>(
      externalMcpPath,
      { method: "POST", body: JSON.stringify(body) },
      fetchImpl,
    ),
  );
}

/** Removes a server the user added. */
export async function removeUserServer(id: string, fetchImpl?: FetchLike): Promise<void> {
  await authenticatedRequest<void>(
    `${externalMcpPath}/${encodeURIComponent(id)}`,
    { method: "DELETE" },
    fetchImpl,
  );
}

/**
 * Which of this site's agents may call the server's tools in the user's conversations: all of
 * them (also ones added later), or those named (none for an empty list).
 */
export async function setUserServerAgents(
  id: string,
  agents: "all" | readonly string[],
  fetchImpl?: FetchLike,
): Promise<ExternalMcpServer> {
  return externalMcpServerSchema.parse(
    await authenticatedRequest<unknown>(
      `${externalMcpPath}/${encodeURIComponent(id)}/agent-use`,
      { method: "PUT", body: JSON.stringify({ agents }) },
      fetchImpl,
    ),
  );
}
