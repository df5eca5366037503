import type { ContextRecord } from "@a2a-chat/contracts";
import { presentContext } from "../contexts/present-context.js";
import type { Db } from "../db/database.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import type { EventLog } from "./event-log.js";

/** Conversations in a snapshot when the caller names no bound. */
export const defaultSnapshotMaxConversations = 200;

/**
 * A user's most recently updated conversations (at most `max`), whether there are more, and the
 * log id they are current as of, read consistently.
 */
export async function readSnapshot(
  db: Db,
  events: EventLog,
  userId: string,
  max = defaultSnapshotMaxConversations,
): Promise<{ seq: number; contexts: ContextRecord[]; hasMore: boolean }> {
  let tx = db.kysely.transaction();
  // One consistent view, so no event between the id and the list is lost or counted twice.
  if (db.dialect === "postgres") tx = tx.setIsolationLevel("repeatable read");
  return tx.execute(async (trx) => {
    const seq = await events.lastSeq(trx, userId);
    const rows = await new ContextsRepository(trx).listForUser(userId, { limit: max + 1 });
    return {
      seq,
      contexts: rows.slice(0, max).map(presentContext),
      hasMore: rows.length > max,
    };
  });
}
