import { invalidTokenMessage } from "@a2a-chat/contracts";

/** A failed API call, with the message a user should see (core spec §8). */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    /** The server's stable error code, when it sent one. */
    readonly code?: string,
    /** The message in the server's error body, even when the user sees a different one (403). */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

export const messages = {
  rateLimited: "Rate limit exceeded. Please wait a moment and try again.",
  unauthorized: "Unauthorized. Please log in again.",
  forbidden: "Forbidden. You do not have permission to access this resource.",
  network: "Network error. Please check your connection and try again.",
  unknown: "Unknown error occurred",
  notJson: (type: string) => `Expected JSON response but received: ${type}`,
  failedStatus: (status: number) => `Request failed with status ${status}`,
} as const;

/**
 * Whether a failure means the token was rejected: a 401 or 403 whose body says 'Invalid or
 * expired JWT token' (core spec §7 Answer handling). Such a request is refreshed and retried once.
 */
export function isInvalidTokenError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === 401 || error.status === 403) &&
    (error.serverMessage ?? error.message).includes(invalidTokenMessage)
  );
}

/** Turns anything thrown while calling into an ApiError: the error's text, else 'Unknown error occurred'. */
export function toApiError(error: unknown, status = 0): ApiError {
  if (error instanceof ApiError) return error;
  // DOMException (an aborted fetch) is not an Error in every realm.
  const isError = error instanceof Error || error instanceof DOMException;
  if (isError && error.message) return new ApiError(error.message, status);
  return new ApiError(messages.unknown, status);
}
