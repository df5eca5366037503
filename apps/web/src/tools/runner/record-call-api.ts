import type { Artifact, RecordExecutionBody, ToolExecutionRecord } from "@a2a-chat/contracts";
import type { FetchLike } from "../../lib/api.js";
import { authenticatedRequest } from "../../lib/authenticated-request.js";

/** Where the browser reports the calls it made to third-party tool servers. */
export const recordExecutionPath = "/api/v1/mcp/executions";

/** What the server made of a reported call. */
export interface RecordedCall {
  execution: ToolExecutionRecord;
  artifact?: Artifact;
}

/**
 * Reports a third-party call (its result, or why there was none) so that the server records it
 * and stores the result as an artifact in the conversation.
 */
export function recordCall(
  body: RecordExecutionBody,
  fetchImpl?: FetchLike,
): Promise<RecordedCall> {
  return authenticatedRequest<RecordedCall>(
    recordExecutionPath,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
    fetchImpl,
  );
}
