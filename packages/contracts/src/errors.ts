import { z } from "zod";

/**
 * Every stable API error code and the HTTP status it is sent with. This table is the one place
 * where codes meet statuses; the server's error mapping and the web client both read it.
 */
export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  json_too_complex: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  quota_exceeded: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  database_unavailable: 503,
  storage_full: 507,
} as const;

/** A stable, machine-readable error code. */
export type ErrorCode = keyof typeof errorStatus;

/** The HTTP statuses an API error can carry. */
export type ErrorHttpStatus = (typeof errorStatus)[ErrorCode];

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** The body of every API error response. */
export const errorEnvelopeSchema = z.object({
  error: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
});

/** The body of every API error response. */
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Text of a 403 (core spec §6). */
export const forbiddenMessage = "Forbidden. You do not have permission to access this resource.";

/** Text of a 400 for input holding a NUL character (U+0000), refused in every path, query and body. */
export const nulCharacterMessage = "Text must not contain NUL characters";

/** Text of a 503 database_unavailable: the database refused, timed out or was locked too long. */
export const databaseUnavailableMessage =
  "The database is unavailable right now. Please try again in a moment.";

/** Text of a 503 service_unavailable while the server drains for a restart. */
export const restartingMessage =
  "The server is restarting. Please send your message again in a moment.";

/** Deepest nesting of arrays and objects an API request body may have (real bodies stay under 20). */
export const jsonMaxDepth = 64;

/** Text of a 400 json_too_complex for a body nested past jsonMaxDepth. */
export const jsonTooDeepMessage = `Request body nests arrays and objects deeper than ${jsonMaxDepth} levels`;

/** Text of a 400 json_too_complex for a body with more values than the server allows. */
export function jsonTooManyValuesMessage(maxValues: number): string {
  return `Request body holds more than ${maxValues} JSON values (array elements and object members)`;
}

/** Text of a 507 storage_full: the disk (or PostgreSQL's) is full; reads and deletes still work. */
export const storageFullMessage =
  "The server's storage is full, so nothing new can be saved right now. Deleting conversations and files still works.";
