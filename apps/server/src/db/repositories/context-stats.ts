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

  /** Counts a new message and makes the conversation most recently updated. */
  async addMessage(contextId: string, at: string): Promise<void> {
    await this.db
      .updateTable("contexts")
      .set({
        message_count: sql<number>`message_count + 1`,
        last_message_at: at,
        updated_at: at,
      })
      .where("id", "=", contextId)
      .execute();
  }

  async addTask(contextId: string): Promise<void> {
    await this.db
      .updateTable("contexts")
      .set({ task_count: sql<number>`task_count + 1` })
      .where("id", "=", contextId)
      .execute();
  }

  async find(contextId: string): Promise<ContextRow | undefined> {
    return this.db
      .selectFrom("contexts")
      .selectAll()
      .where("id", "=", contextId)
      .executeTakeFirst();
  }
}
