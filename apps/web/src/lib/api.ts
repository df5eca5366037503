import { ApiError, messages, toApiError } from "./api-error.js";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

interface ErrorBody {
  error?: unknown;
  message?: unknown;
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === "object" ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

function errorFor(status: number, body: ErrorBody): ApiError {
  const code = typeof body.error === "string" ? body.error : undefined;
  const bodyMessage = typeof body.message === "string" && body.message ? body.message : undefined;
  if (status === 429) return new ApiError(messages.rateLimited, status, code, bodyMessage);
  if (status === 403) return new ApiError(messages.forbidden, status, code, bodyMessage);
  if (status === 401)
    return new ApiError(bodyMessage ?? messages.unauthorized, status, code, bodyMessage);
  return new ApiError(bodyMessage ?? messages.failedStatus(status), status, code, bodyMessage);
}

/**
 * Calls a JSON API and returns the parsed body (undefined for 204). Every failure becomes an
 * ApiError carrying the user-facing message of the spec's error catalogue.
 */
export async function requestJson<T>(
  path: string,
  init: RequestInit = {},
  fetchImpl: FetchLike = (input, options) => fetch(input, options),
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  if (init.body !== undefined && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  let response: Response;
  try {
    response = await fetchImpl(path, { ...init, headers, credentials: "include" });
  } catch (error) {
    // fetch rejects with a TypeError when the network fails; anything else keeps its own text.
    throw error instanceof TypeError ? new ApiError(messages.network, 0) : toApiError(error);
  }
  if (!response.ok) throw errorFor(response.status, await readErrorBody(response));
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "unknown";
  if (!type.includes("application/json"))
    throw new ApiError(messages.notJson(type), response.status);
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw toApiError(error, response.status);
  }
}
