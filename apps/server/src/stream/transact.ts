import type { Kysely } from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";
import type { EventLog, LoggedEvent, NewEvent } from "./event-log.js";
import type { EventNotifier } from "./notifier.js";

/** Writes an event in the current transaction. */
export type Emit = (event: NewEvent) => Promise<LoggedEvent>;

/**
 * Runs a change and the events it causes in one transaction (the outbox rule), then tells the
 * notifier who has news. If the change fails, neither it nor its events exist.
 */
export async function transactWithEvents<T>(
  deps: { db: Db; events: EventLog; notifier: EventNotifier },
  work: (trx: Kysely<Database>, emit: Emit) => Promise<T>,
): Promise<T> {
  const touched = new Set<string>();
  const result = await deps.db.kysely.transaction().execute((trx) =>
    work(trx, async (event) => {
      touched.add(event.userId);
      return deps.events.append(trx, event);
    }),
  );
  if (touched.size > 0) deps.notifier.committed(touched);
  return result;
}
