import type { DatabaseDialect, LoggedEventType, StreamEnvelope } from "@a2a-chat/contracts";
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

/** An event read back from the log, ready to send. */
export interface LoggedEvent {
  seq: number;
  envelope: StreamEnvelope;
}

/** The durable, per-user, gap-free event log (the outbox of every state change). */
export class EventLog {
  constructor(
    private readonly dialect: DatabaseDialect,
    private readonly schema: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Appends an event inside the caller's transaction. Taking the next id locks the user's row
   * until commit, so a user's events become visible in id order. On PostgreSQL the notification
   * is queued in the same transaction and delivered to every replica at commit.
   */
  async append(trx: Kysely<Database>, event: NewEvent): Promise<LoggedEvent> {
    const row = await trx
      .updateTable("users")
      .set({ last_event_seq: sql<number>`last_event_seq + 1` })
      .where("id", "=", event.userId)
      .returning("last_event_seq")
      .executeTakeFirstOrThrow();
    const seq = Number(row.last_event_seq);
    const timestamp = this.now().toISOString();
    await trx
      .insertInto("events")
      .values({
        user_id: event.userId,
        seq,
        event_type: event.type,
        context_id: event.contextId,
        data: JSON.stringify(event.data),
        created_at: timestamp,
      })
      .execute();
    if (this.dialect === "postgres") {
      await sql`select pg_notify(${eventsChannel}, ${`${this.schema}:${event.userId}`})`.execute(
        trx,
      );
    }
    return {
      seq,
      envelope: {
        event_type: event.type,
        context_id: event.contextId,
        user_id: event.userId,
        data: event.data,
        timestamp,
      },
    };
  }

  /** Events of a user after an id, oldest first. */
  async readAfter(db: Kysely<Database>, userId: string, afterSeq: number, limit: number) {
    const rows = await db
      .selectFrom("events")
      .selectAll()
      .where("user_id", "=", userId)
      .where("seq", ">", afterSeq)
      .orderBy("seq")
      .limit(limit)
      .execute();
    return rows.map(
      (row): LoggedEvent => ({
        seq: Number(row.seq),
        envelope: {
          event_type: row.event_type as LoggedEventType,
          context_id: row.context_id,
          user_id: row.user_id,
          data: JSON.parse(row.data) as unknown,
          timestamp: row.created_at,
        },
      }),
    );
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
