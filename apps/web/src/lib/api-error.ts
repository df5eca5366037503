/** A failed API call, with the message a user should see (core spec §8). */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    /** The server's stable error code, when it sent one. */
    readonly code?: string,
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
