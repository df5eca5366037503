import type { Insertable, Kysely } from "kysely";
import type { Database, MessageRow, MessagesTable } from "../schema.js";

/** Reads and writes the messages of conversations and their tasks. */
export class MessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One of a user's messages; ids are unique per user only (another user may use the same). */
  async findForUser(userId: string, id: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The messages of some tasks, oldest first. */
  async listForTasks(taskIds: readonly string[]): Promise<MessageRow[]> {
    if (taskIds.length === 0) return [];
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("task_id", "in", taskIds)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /**
   * The messages of a conversation's `limit` most recently updated tasks, in one query: grouped
   * by task, the tasks oldest created first, each task's messages in the order they were written.
   */
  async listForLatestTasks(contextId: string, limit: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom("messages as m")
      .innerJoin(
        (eb) =>
          eb
            .selectFrom("tasks")
            .select(["id", "created_at", "updated_at"])
            .where("context_id", "=", contextId)
            .orderBy("updated_at", "desc")
            .orderBy("id", "desc")
            .limit(limit)
            .as("t"),
        (join) => join.onRef("t.id", "=", "m.task_id"),
      )
      .selectAll("m")
      .orderBy("t.created_at")
      .orderBy("t.updated_at", "desc")
      .orderBy("t.id", "desc")
      .orderBy("m.created_at")
      .orderBy("m.id")
      .execute();
  }

  /** When the newest message of a conversation was written, if any. */
  async lastCreatedAt(contextId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("messages")
      .select("created_at")
      .where("context_id", "=", contextId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Replaces the parts (JSON) of one of a user's messages. */
  async replaceParts(userId: string, id: string, parts: string): Promise<void> {
    await this.db
      .updateTable("messages")
      .set({ parts })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .execute();
  }

  async insert(row: Insertable<MessagesTable>): Promise<void> {
    await this.db.insertInto("messages").values(row).execute();
  }

  /**
   * Inserts a message unless the user already has one with its id (the primary key is the user
   * and the id): false then, and nothing is written. One statement where a look-up first took two.
   */
  async insertIfNew(row: Insertable<MessagesTable>): Promise<boolean> {
    const result = await this.db
      .insertInto("messages")
      .values(row)
      .onConflict((conflict) => conflict.columns(["user_id", "id"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
