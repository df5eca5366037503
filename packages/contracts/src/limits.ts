import { z } from "zod";

/** Where the server tells clients its size limits (public: nothing in it is secret). */
export const limitsPath = "/api/v1/core/limits";

/** Room kept in a message for its text and the JSON-RPC envelope around the files. */
export const messageEnvelopeReserveBytes = 4096;

/** Reply of GET /api/v1/core/limits. */
export const limitsResponseSchema = z.object({
  /** Largest message a user may send, its parts as JSON (0 = no limit). */
  message_bytes: z.number().int().nonnegative(),
  /** Largest API request body. */
  request_body_bytes: z.number().int().positive(),
  /** Largest total size of the files one message can carry. */
  attachment_bytes: z.number().int().nonnegative(),
  /** Largest file one upload may hold; uploaded files travel to agents as links (0 = no limit). */
  file_bytes: z.number().int().nonnegative(),
});
/** Reply of GET /api/v1/core/limits. */
export type LimitsResponse = z.infer<typeof limitsResponseSchema>;

/**
 * Largest total size of the files one message can carry. Files travel base64-encoded (4 bytes
 * for every 3) inside the message, so the message and the request must both hold them, with
 * room for the text and the envelope.
 */
export function attachmentBytesLimit(messageBytes: number, requestBodyBytes: number): number {
  const message = messageBytes > 0 ? Math.min(messageBytes, requestBodyBytes) : requestBodyBytes;
  return Math.max(0, Math.floor(((message - messageEnvelopeReserveBytes) * 3) / 4));
}
