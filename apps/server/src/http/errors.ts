import {
  databaseUnavailableMessage,
  type ErrorCode,
  type ErrorEnvelope,
  errorStatus,
  storageFullMessage,
} from "@a2a-chat/contracts";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isStorageFull } from "../db/storage-full.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import type { Logger } from "../log/logger.js";
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

/** Seconds a client is asked to wait before retrying after a 503 database_unavailable. */
export const databaseRetryAfterSeconds = 2;

/**
 * The reply to a database failure: 507 storage_full when the disk is full (nothing to retry
 * until space is freed), else 503 database_unavailable with Retry-After.
 */
function databaseFailureReply(error: unknown): ErrorReply {
  if (isStorageFull(error))
    return { code: "storage_full", message: storageFullMessage, headers: {} };
  return {
    code: "database_unavailable",
    message: databaseUnavailableMessage,
    headers: { "Retry-After": String(databaseRetryAfterSeconds) },
  };
}

/** The 503 sent when the database refused, timed out or stayed locked (507 when it is full). */
export function databaseUnavailableResponse(c: Context<AppEnv>, error: unknown): Response {
  c.var.log?.warn({ err: error }, "database unavailable");
  const reply = databaseFailureReply(error);
  return errorResponse(c, reply.code, reply.message, reply.headers);
}

/** An error as the API caller gets it: the envelope's code and message, and extra headers. */
export interface ErrorReply {
  code: ErrorCode;
  message: string;
  headers: Record<string, string>;
}

/**
 * What an error becomes for the caller: an AppError its envelope, a database outage a 503, a full
 * disk a 507, anything else a 500; the last two are logged. Shared by Hono's error handler and the paths answered
 * before Hono.
 */
export function errorReplyOf(error: unknown, log: Logger | undefined): ErrorReply {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, headers: error.headers };
  }
  if (isDatabaseUnavailable(error) || isStorageFull(error)) {
    log?.warn({ err: error }, "database unavailable");
    return databaseFailureReply(error);
  }
  log?.error({ err: error }, "unhandled error");
  return { code: "internal_error", message: "Internal server error", headers: {} };
}

/**
 * Hono error handler: AppErrors become their envelope, database outages a 503, anything else a
 * logged 500.
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  const reply = errorReplyOf(error, c.var.log);
  return errorResponse(c, reply.code, reply.message, reply.headers);
}
