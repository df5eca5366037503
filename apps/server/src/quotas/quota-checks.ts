import { quotaMessages } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import type { Config } from "../config/schema.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import type { Database } from "../db/schema.js";
import { AppError } from "../http/errors.js";

type Quotas = Config["quotas"];

/** Size of a value as stored: its JSON text in bytes. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? "");

/** Refuses (413) a user's message whose parts are larger than the limit. */
export function checkMessageSize(parts: unknown, quotas: Quotas): number {
  const bytes = jsonBytes(parts);
  const limit = quotas.messageBytes;
  if (limit > 0 && bytes > limit)
    throw new AppError("payload_too_large", quotaMessages.message(bytes, limit));
  return bytes;
}

/** Refuses (413) a push notification larger than the message limit. */
export function checkNotificationSize(body: unknown, quotas: Quotas): void {
  const bytes = jsonBytes(body);
  const limit = quotas.messageBytes;
  if (limit > 0 && bytes > limit)
    throw new AppError("payload_too_large", quotaMessages.notification(bytes, limit));
}

/**
 * Refuses (409) new work from a user whose conversations would then hold more than the storage
 * limit. Only what users start is checked: a reply or artifact of work already accepted is
 * always stored, so the limit can be passed by at most one turn's output.
 */
export async function checkStorage(
  db: Kysely<Database>,
  userId: string,
  quotas: Quotas,
  adding = 0,
): Promise<void> {
  if (quotas.storageBytesPerUser <= 0) return;
  checkStorageUsed(await new ContextStatsRepository(db).bytesForUser(userId), quotas, adding);
}

/** checkStorage with the user's stored bytes already read (in the same query as their conversation). */
export function checkStorageUsed(used: number, quotas: Quotas, adding = 0): void {
  const limit = quotas.storageBytesPerUser;
  if (limit <= 0) return;
  if (used + adding > limit) throw new AppError("quota_exceeded", quotaMessages.storage(limit));
}

/**
 * Refuses (409) a new conversation to a user who holds the most allowed. A visitor signing in
 * to an account brings all their conversations, even past the limit (nothing of theirs is
 * lost); the account then starts no new one until enough are deleted, and the message says how
 * many.
 */
export async function checkConversationCount(
  db: Kysely<Database>,
  userId: string,
  quotas: Quotas,
): Promise<void> {
  const limit = quotas.conversationsPerUser;
  if (limit <= 0) return;
  const count = await new ContextsRepository(db).countForUser(userId);
  if (count > limit)
    throw new AppError("quota_exceeded", quotaMessages.conversationsOver(count, limit));
  if (count === limit) throw new AppError("quota_exceeded", quotaMessages.conversations(limit));
}
