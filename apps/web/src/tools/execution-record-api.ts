import type { ToolExecutionRecord } from "@a2a-chat/contracts";
import type { FetchLike } from "../lib/api.js";
import { toApiError } from "../lib/api-error.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";

/** Core spec §8: the execution record could not be read. */
export const executionRecordFailedMessage = (statusText: string) =>
  `Failed to fetch execution record: ${statusText}`;

/**
 * An execution record as the server answers it. Fields are optional because a record of an
 * older or foreign server may lack some; the refresh flow checks the ones it needs.
 */
export type ExecutionRecord = Partial<ToolExecutionRecord>;

/** The path of one execution record (core spec §7). */
export const executionRecordPath = (id: string) =>
  `/api/v1/mcp/executions/${encodeURIComponent(id)}`;

/**
 * Reads an execution record with the session's bearer token. Any failure becomes
 * 'Failed to fetch execution record: {statusText}'; when the answer had no status text (HTTP/2,
 * or no answer at all) the user-facing message of the failure stands in for it.
 */
export async function fetchExecutionRecord(
  id: string,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<ExecutionRecord> {
  // authenticatedRequest reports only its catalogue message, so the status text is taken from
  // the last answer seen on the way.
  let statusText = "";
  const observed: FetchLike = async (input, init) => {
    const response = await fetchImpl(input, init);
    // A successful answer that fails later (not JSON) has no failing status text to show.
    statusText = response.ok ? "" : response.statusText;
    return response;
  };
  try {
    return await authenticatedRequest<ExecutionRecord>(
      executionRecordPath(id),
      { method: "GET", headers: { "Content-Type": "application/json" } },
      observed,
    );
  } catch (error) {
    throw new Error(executionRecordFailedMessage(statusText || toApiError(error).message));
  }
}
