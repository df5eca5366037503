import { type ContextRecord, contextRecordSchema } from "@a2a-chat/contracts";
import type { FetchLike } from "./api.js";
import { ApiError } from "./api-error.js";
import { authenticatedRequest } from "./authenticated-request.js";

/** Where conversations live (core spec §7). */
export const contextsPath = "/api/v1/core/contexts";

const contextPath = (id: string) => `${contextsPath}/${encodeURIComponent(id)}`;

function toRecord(body: unknown): ContextRecord {
  const parsed = contextRecordSchema.safeParse(body);
  if (!parsed.success) throw new ApiError("The server sent an invalid conversation", 200);
  return parsed.data;
}

/** The caller's most recently updated conversation, if any: GET /contexts?limit=1. */
export async function latestContextRequest(fetchImpl?: FetchLike): Promise<ContextRecord | null> {
  const body = await authenticatedRequest<unknown>(`${contextsPath}?limit=1`, {}, fetchImpl);
  const first: unknown = Array.isArray(body) ? body[0] : undefined;
  return first === undefined ? null : toRecord(first);
}

/** Creates a conversation: POST /contexts {name}. */
export async function createContextRequest(
  name: string,
  fetchImpl?: FetchLike,
): Promise<ContextRecord> {
  const body = await authenticatedRequest<unknown>(
    contextsPath,
    { method: "POST", body: JSON.stringify({ name }) },
    fetchImpl,
  );
  return toRecord(body);
}

/** Renames a conversation: PUT /contexts/{id} {name}. */
export async function renameContextRequest(
  id: string,
  name: string,
  fetchImpl?: FetchLike,
): Promise<ContextRecord> {
  const body = await authenticatedRequest<unknown>(
    contextPath(id),
    { method: "PUT", body: JSON.stringify({ name }) },
    fetchImpl,
  );
  return toRecord(body);
}

/** Deletes a conversation: DELETE /contexts/{id}, answered with 204. */
export async function deleteContextRequest(id: string, fetchImpl?: FetchLike): Promise<void> {
  await authenticatedRequest<undefined>(contextPath(id), { method: "DELETE" }, fetchImpl);
}
