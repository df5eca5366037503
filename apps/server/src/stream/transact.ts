import type { Kysely } from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";
import type { EventLog, LoggedEvent, NewEvent } from "./event-log.js";
import type { EventNotifier } from "./notifier.js";

/** Writes an event in the current transaction (appended to the log before it commits). */
export type Emit = (event: NewEvent) => Promise<void>;

/**
 * Runs a change and the events it causes in one transaction (the outbox rule), then tells the
 * notifier who has news. The events are appended together once the change is done, just before
 * the commit: one statement per user for their ids and one for the rows, however many events the
 * change emits. If the change fails, neither it nor its events exist.
 */
export async function transactWithEvents<T>(
  deps: { db: Db; events: EventLog; notifier: EventNotifier },
  work: (trx: Kysely<Database>, emit: Emit) => Promise<T>,
): Promise<T> {
  let logged: LoggedEvent[] = [];
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const pending: NewEvent[] = [];
    const value = await work(trx, async (event) => {
      pending.push(event);
    });
    if (pending.length > 0) logged = await deps.events.append(trx, pending);
    return value;
  });
  if (logged.length > 0) deps.notifier.committed(new Set(logged.map((e) => e.userId)), logged);
  return result;
}
