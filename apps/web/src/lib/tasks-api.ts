import type { FetchLike } from "./api.js";
import { ApiError } from "./api-error.js";
import { authenticatedRequest } from "./authenticated-request.js";

/** The task and artifact calls of core spec §7, under the core API base. */
export const coreApiPath = "/api/v1/core";

/** How many tasks or artifacts one list call asks for (the server allows 1..500). */
export const listLimit = 100;

/** Which tasks to list: one conversation's, or all of the user's. */
export interface TaskScope {
  contextId?: string;
}

const segment = (id: string) => encodeURIComponent(id);

// Items are validated one by one by the stores, so that one bad item does not hide the others.
async function getList(path: string, fetchImpl?: FetchLike): Promise<unknown[]> {
  const body = await authenticatedRequest<unknown>(path, { method: "GET" }, fetchImpl);
  if (!Array.isArray(body)) throw new ApiError("The server sent an invalid list", 200);
  return body;
}

/** The path that lists the tasks of a scope: GET /contexts/{id}/tasks or GET /tasks. */
export function tasksPath(scope: TaskScope = {}, limit = listLimit): string {
  const query = `?limit=${limit}`;
  return scope.contextId
    ? `${coreApiPath}/contexts/${segment(scope.contextId)}/tasks${query}`
    : `${coreApiPath}/tasks${query}`;
}

/** Lists tasks (not yet validated): one conversation's, or all of the user's, newest first. */
export function fetchTasks(scope: TaskScope = {}, fetchImpl?: FetchLike): Promise<unknown[]> {
  return getList(tasksPath(scope), fetchImpl);
}

/** One task (not yet validated): GET /tasks/{id}. */
export function fetchTask(id: string, fetchImpl?: FetchLike): Promise<unknown> {
  return authenticatedRequest<unknown>(`${coreApiPath}/tasks/${segment(id)}`, {}, fetchImpl);
}

/** All of the user's artifacts (not yet validated), newest first: GET /artifacts?limit=. */
export function fetchArtifacts(fetchImpl?: FetchLike): Promise<unknown[]> {
  return getList(`${coreApiPath}/artifacts?limit=${listLimit}`, fetchImpl);
}

/** The artifacts of one conversation (not yet validated): GET /contexts/{id}/artifacts. */
export function fetchContextArtifacts(
  contextId: string,
  fetchImpl?: FetchLike,
): Promise<unknown[]> {
  return getList(
    `${coreApiPath}/contexts/${segment(contextId)}/artifacts?limit=${listLimit}`,
    fetchImpl,
  );
}

/** The artifacts of one task (not yet validated): GET /tasks/{id}/artifacts. */
export function fetchTaskArtifacts(taskId: string, fetchImpl?: FetchLike): Promise<unknown[]> {
  return getList(`${coreApiPath}/tasks/${segment(taskId)}/artifacts`, fetchImpl);
}

/** One artifact (not yet validated): GET /artifacts/{id}. */
export function fetchArtifact(id: string, fetchImpl?: FetchLike): Promise<unknown> {
  return authenticatedRequest<unknown>(`${coreApiPath}/artifacts/${segment(id)}`, {}, fetchImpl);
}
