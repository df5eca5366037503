import { type ContextRecord, contextRecordSchema } from "@a2a-chat/contracts";
import type { FetchLike } from "./api.js";
import { ApiError } from "./api-error.js";
import { authenticatedRequest } from "./authenticated-request.js";
import { contextsPath } from "./contexts-api.js";

const branchPath = (id: string, what: "branch" | "fork") =>
  `${contextsPath}/${encodeURIComponent(id)}/${what}`;

function toRecord(body: unknown): ContextRecord {
  const parsed = contextRecordSchema.safeParse(body);
  if (!parsed.success) throw new ApiError("The server sent an invalid conversation", 200);
  return parsed.data;
}

/**
 * Chooses the branch a conversation shows: PUT /contexts/{id}/branch. Through a task the branch
 * ends at the newest task after it that shows the task whole; `exact`, it stops at the task
 * (null: before the first), or with `beforeMessageId` inside it, before that message.
 */
export async function chooseBranchRequest(
  contextId: string,
  taskId: string | null,
  exact: boolean,
  fetchImpl?: FetchLike,
  beforeMessageId?: string,
): Promise<ContextRecord> {
  const choice = exact
    ? { task_id: taskId, exact, ...(beforeMessageId ? { before_message_id: beforeMessageId } : {}) }
    : { task_id: taskId, whole: true };
  const body = await authenticatedRequest<unknown>(
    branchPath(contextId, "branch"),
    { method: "PUT", body: JSON.stringify(choice) },
    fetchImpl,
  );
  return toRecord(body);
}

/** Copies the branch up to a task into a new conversation: POST /contexts/{id}/fork. */
export async function forkContextRequest(
  contextId: string,
  taskId: string,
  fetchImpl?: FetchLike,
): Promise<ContextRecord> {
  const body = await authenticatedRequest<unknown>(
    branchPath(contextId, "fork"),
    { method: "POST", body: JSON.stringify({ task_id: taskId }) },
    fetchImpl,
  );
  return toRecord(body);
}

/** One conversation, for its chosen branch when the live stream's snapshot did not hold it. */
export async function contextRecordRequest(
  contextId: string,
  fetchImpl?: FetchLike,
): Promise<ContextRecord> {
  const body = await authenticatedRequest<unknown>(
    `${contextsPath}/${encodeURIComponent(contextId)}`,
    {},
    fetchImpl,
  );
  return toRecord(body);
}
