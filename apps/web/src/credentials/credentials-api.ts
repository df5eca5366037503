import {
  type ConnectionCheck,
  connectionCheckSchema,
  type McpCredentials,
} from "@a2a-chat/contracts";
import type { FetchLike } from "../lib/api.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";

const kinds = new Set<string>(["none", "bearer", "api_key", "headers", "oauth"]);

/**
 * Replaces the stored credentials of an added agent or tool server (`base` is its path, e.g.
 * /api/v1/mcp/external/{id}); the answer names only the kind now stored.
 */
export async function replaceCredentials(
  base: string,
  credentials: McpCredentials,
  fetchImpl?: FetchLike,
): Promise<McpCredentials["kind"]> {
  const saved = await authenticatedRequest<{ credentials_kind?: unknown }>(
    `${base}/credentials`,
    { method: "PUT", body: JSON.stringify({ credentials }) },
    fetchImpl,
  );
  const kind = saved?.credentials_kind;
  if (typeof kind !== "string" || !kinds.has(kind))
    throw new Error("Unexpected answer from the server");
  return kind as McpCredentials["kind"];
}

/** Runs the server's step-by-step connection check of an added agent or tool server. */
export async function checkConnection(
  base: string,
  fetchImpl?: FetchLike,
): Promise<ConnectionCheck> {
  return connectionCheckSchema.parse(
    await authenticatedRequest<unknown>(`${base}/check`, { method: "POST" }, fetchImpl),
  );
}

/**
 * Starts signing in to an OAuth tool server: the address of its authorization server's sign-in
 * page, or null when the server already holds valid tokens.
 */
export async function startOAuthSignIn(
  base: string,
  fetchImpl?: FetchLike,
): Promise<string | null> {
  const answer = await authenticatedRequest<{ authorization_url?: unknown }>(
    `${base}/oauth/start`,
    { method: "POST" },
    fetchImpl,
  );
  return typeof answer?.authorization_url === "string" ? answer.authorization_url : null;
}

/**
 * The connection doctor before adding: `path` is /api/v1/agents/external/check or
 * /api/v1/mcp/external/check, `body` the add form's fields (nothing is stored).
 */
export async function checkBeforeAdding(
  path: string,
  body: Record<string, unknown>,
  fetchImpl?: FetchLike,
): Promise<ConnectionCheck> {
  return connectionCheckSchema.parse(
    await authenticatedRequest<unknown>(
      path,
      {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      },
      fetchImpl,
    ),
  );
}
