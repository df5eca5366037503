import { type FetchLike, requestJson } from "./api.js";
import { ApiError, isInvalidTokenError } from "./api-error.js";
import { goesToThisOrigin } from "./same-origin-credentials.js";
import { sessionToken } from "./session-token.js";
import { newTraceId } from "./trace-id.js";

/** Core spec §5: a call that needs a session, made without a valid token. */
export const noValidTokenMessage = "No valid JWT token available";

function send<T>(path: string, init: RequestInit, token: string, fetchImpl?: FetchLike) {
  const headers = new Headers(init.headers);
  // API paths are this site's; the token would not go anywhere else even if one were not.
  if (goesToThisOrigin(path)) headers.set("Authorization", `Bearer ${token}`);
  headers.set("x-trace-id", newTraceId());
  return requestJson<T>(path, { ...init, headers }, fetchImpl);
}

/**
 * Calls the API with the session's bearer token, credentials and a fresh x-trace-id, mapping
 * failures like requestJson. When the token is rejected ('Invalid or expired JWT token' on a 401
 * or 403) it refreshes the token (one refresh shared by all concurrent callers) and retries once.
 */
export async function authenticatedRequest<T>(
  path: string,
  init: RequestInit = {},
  fetchImpl?: FetchLike,
): Promise<T> {
  const token = sessionToken().validToken();
  if (!token) throw new ApiError(noValidTokenMessage, 0);
  try {
    return await send<T>(path, init, token, fetchImpl);
  } catch (error) {
    if (!isInvalidTokenError(error)) throw error;
    // A late rejection of a token another caller has already replaced needs no second refresh.
    const current = sessionToken().validToken();
    let fresh: string;
    if (current && current !== token) {
      fresh = current;
    } else {
      try {
        fresh = await sessionToken().refresh(fetchImpl);
      } catch {
        throw error;
      }
    }
    // Token retry: 1 per request (core spec §9).
    return send<T>(path, init, fresh, fetchImpl);
  }
}
