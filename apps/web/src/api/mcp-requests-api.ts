import {
  type ElicitationAnswer,
  type McpRequest,
  mcpRequestListSchema,
  mcpRequestSchema,
  type SamplingAnswer,
} from "@a2a-chat/contracts";
import type { FetchLike } from "../lib/api.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";

/** Where the caller's pending MCP requests are listed and answered. */
export const mcpRequestsPath = "/api/v1/mcp/requests";

/** The requests MCP servers made of the user that still wait for an answer. */
export async function fetchPendingRequests(fetchImpl?: FetchLike): Promise<McpRequest[]> {
  const body = await authenticatedRequest<unknown>(mcpRequestsPath, {}, fetchImpl);
  return mcpRequestListSchema.parse(body).data;
}

/** Sends the user's answer; the server relays it to the MCP server that asked. */
export async function answerMcpRequest(
  id: string,
  answer: ElicitationAnswer | SamplingAnswer,
  fetchImpl?: FetchLike,
): Promise<McpRequest> {
  const body = await authenticatedRequest<unknown>(
    `${mcpRequestsPath}/${encodeURIComponent(id)}/answer`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(answer),
    },
    fetchImpl,
  );
  return mcpRequestSchema.parse(body);
}
