import type { McpRequest, McpRequestKind, McpRequestStatus } from "@a2a-chat/contracts";
import type { McpRequestRow } from "../../db/repositories/mcp-requests.js";

/** A stored request as the browser sees it. */
export function presentRequest(row: McpRequestRow): McpRequest {
  return {
    id: row.id,
    kind: row.kind as McpRequestKind,
    server_name: row.server_name,
    context_id: row.context_id,
    task_id: row.task_id,
    params: JSON.parse(row.params) as Record<string, unknown>,
    status: row.status as McpRequestStatus,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}
