import type { DatabaseDialect, LoggedEventType } from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

/** PostgreSQL channel every replica listens on; payloads are "<schema>:<userId>". */
export const eventsChannel = "a2a_chat_events";

/** An event about to be written. */
export interface NewEvent {
  userId: string;
  type: LoggedEventType;
  contextId: string | null;
  data: unknown;
}

/**
 * An event as the log holds it, ready to send: its data stays the JSON text that was stored, so
 * sending it neither parses nor re-serializes what may be a large message.
 */
export interface LoggedEvent {
  seq: number;
  type: LoggedEventType;
  contextId: string | null;
  userId: string;
  /** The event's data as stored: JSON text. */
  data: string;
  timestamp: string;
}

/** Rows per insert statement: well under every dialect's limit of bound parameters. */
const rowsPerInsert = 200;

/** The durable, per-user, gap-free event log (the outbox of every state change). */
export class EventLog {
  constructor(
    private readonly dialect: DatabaseDialect,
    private readonly schema: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Appends a transaction's events inside it, each user's in the order given. Taking a user's
   * next ids (one update for all of their events) locks the user's row until commit, so a user's
   * events become visible in id order. On PostgreSQL one notification per user is queued in the
   * same transaction and delivered to every replica at commit.
   */
  async append(trx: Kysely<Database>, events: readonly NewEvent[]): Promise<LoggedEvent[]> {
    const byUser = new Map<string, NewEvent[]>();
    for (const event of events) {
      const list = byUser.get(event.userId);
      if (list) list.push(event);
      else byUser.set(event.userId, [event]);
    }
    const timestamp = this.now().toISOString();
    const logged: LoggedEvent[] = [];
    for (const [userId, list] of byUser) {
      const row = await trx
        .updateTable("users")
        .set({ last_event_seq: sql<number>`last_event_seq + ${list.length}` })
        .where("id", "=", userId)
        .returning("last_event_seq")
        .executeTakeFirstOrThrow();
      const first = Number(row.last_event_seq) - list.length + 1;
      const rows = list.map((event, i) => ({
        seq: first + i,
        type: event.type,
        contextId: event.contextId,
        userId,
        data: JSON.stringify(event.data),
        timestamp,
      }));
      for (let at = 0; at < rows.length; at += rowsPerInsert) {
        await trx
          .insertInto("events")
          .values(
            rows.slice(at, at + rowsPerInsert).map((event) => ({
              user_id: userId,
              seq: event.seq,
              event_type: event.type,
              context_id: event.contextId,
              data: event.data,
              created_at: timestamp,
            })),
          )
          .execute();
      }
      if (this.dialect === "postgres") {
        await sql`select pg_notify(${eventsChannel}, ${`${this.schema}:${userId}`})`.execute(trx);
      }
      logged.push(...rows);
    }
    return logged;
  }

  /** Events of a user after an id, oldest first. */
  async readAfter(
    db: Kysely<Database>,
    userId: string,
    afterSeq: number,
    limit: number,
  ): Promise<LoggedEvent[]> {
    const rows = await db
      .selectFrom("events")
      .selectAll()
      .where("user_id", "=", userId)
      .where("seq", ">", afterSeq)
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      seq: Number(row.seq),
      type: row.event_type as LoggedEventType,
      contextId: row.context_id,
      userId: row.user_id,
      data: row.data,
      timestamp: row.created_at,
    }));
  }

  /** Id of the newest event of a user (0 when none). */
  async lastSeq(db: Kysely<Database>, userId: string): Promise<number> {
    const row = await db
      .selectFrom("users")
      .select("last_event_seq")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row ? Number(row.last_event_seq) : 0;
  }

  /** Deletes events written before the cutoff; returns how many. */
  async prune(db: Kysely<Database>, before: Date): Promise<number> {
    const result = await db
      .deleteFrom("events")
      .where("created_at", "<", before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
