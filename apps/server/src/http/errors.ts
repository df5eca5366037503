import { type ErrorCode, type ErrorEnvelope, errorStatus } from "@a2a-chat/contracts";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./env.js";

/** An error meant for the API caller: a stable code and a human message. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

/** Builds the error envelope response for a code and message. */
export function errorResponse(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const body: ErrorEnvelope = { error: code, message };
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(body, errorStatus[code]);
}

/** Hono error handler: AppErrors become their envelope, anything else a logged 500. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) return errorResponse(c, error.code, error.message, error.headers);
  c.var.log?.error({ err: error }, "unhandled error");
  return errorResponse(c, "internal_error", "Internal server error");
}
