import type { ContextRecord } from "@a2a-chat/contracts";
import { presentContext } from "../contexts/present-context.js";
import type { Db } from "../db/database.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import type { EventLog } from "./event-log.js";

/** Every conversation of a user and the log id they are current as of, read consistently. */
export async function readSnapshot(
  db: Db,
  events: EventLog,
  userId: string,
): Promise<{ seq: number; contexts: ContextRecord[] }> {
  let tx = db.kysely.transaction();
  // One consistent view, so no event between the id and the list is lost or counted twice.
  if (db.dialect === "postgres") tx = tx.setIsolationLevel("repeatable read");
  return tx.execute(async (trx) => {
    const seq = await events.lastSeq(trx, userId);
    const rows = await new ContextsRepository(trx).listForUser(userId);
    return { seq, contexts: rows.map(presentContext) };
  });
}
