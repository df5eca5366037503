import type { DatabaseDialect } from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { ContextRow, Database } from "../schema.js";

/** Keeps a conversation's counters current as tasks and messages are added. */
export class ContextStatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Reads a conversation and, on PostgreSQL, locks its row until commit, so concurrent writes to
   * one conversation take turns (SQLite transactions already do). Lock the conversation before
   * emitting events (which lock the user's row), the order renames use too.
   */
  async lock(contextId: string, dialect: DatabaseDialect): Promise<ContextRow | undefined> {
    const query = this.db.selectFrom("contexts").selectAll().where("id", "=", contextId);
    return (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  /**
   * Counts a new message of `bytes` and makes the conversation most recently updated; returns
   * the conversation as it now is (its counters for context_stats, without reading it again).
   */
  async addMessage(contextId: string, at: string, bytes: number): Promise<ContextRow | undefined> {
    return this.db
      .updateTable("contexts")
      .set({
        message_count: sql<number>`message_count + 1`,
        storage_bytes: sql<number>`storage_bytes + ${bytes}`,
        last_message_at: at,
        updated_at: at,
      })
      .where("id", "=", contextId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Counts bytes stored in (or, negative, freed from) a conversation. */
  async addBytes(contextId: string, bytes: number): Promise<void> {
    if (bytes === 0) return;
    await this.db
      .updateTable("contexts")
      .set({ storage_bytes: sql<number>`storage_bytes + ${bytes}` })
      .where("id", "=", contextId)
      .execute();
  }

  /** Bytes all of a user's conversations hold. */
  async bytesForUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("contexts")
      .select((eb) => eb.fn.sum<string | number | null>("storage_bytes").as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * A conversation (unlocked) and the bytes all of a user's conversations hold, in one query:
   * what a request checks before it starts a turn (ownership, then the storage quota).
   * Undefined when the conversation does not exist.
   */
  async findWithUserBytes(
    contextId: string,
    userId: string,
  ): Promise<{ row: ContextRow; userBytes: number } | undefined> {
    const found = await this.db
      .selectFrom("contexts")
      .selectAll("contexts")
      .select((eb) =>
        eb
          .selectFrom("contexts as u")
          .select((inner) => inner.fn.sum<string | number | null>("u.storage_bytes").as("n"))
          .where("u.user_id", "=", userId)
          .as("user_bytes"),
      )
      .where("contexts.id", "=", contextId)
      .executeTakeFirst();
    if (!found) return undefined;
    const { user_bytes, ...row } = found;
    return { row, userBytes: Number(user_bytes ?? 0) };
  }

  /** Counts a new task; returns the conversation as it now is. */
  async addTask(contextId: string, taskId: string): Promise<ContextRow | undefined> {
    return this.db
      .updateTable("contexts")
      .set({
        task_count: sql<number>`task_count + 1`,
        leaf_task_id: taskId,
        leaf_cut_message_id: null,
      })
      .where("id", "=", contextId)
      .returningAll()
      .executeTakeFirst();
  }

  async find(contextId: string): Promise<ContextRow | undefined> {
    return this.db
      .selectFrom("contexts")
      .selectAll()
      .where("id", "=", contextId)
      .executeTakeFirst();
  }
}
