import type { DatabaseDialect, TaskState } from "@a2a-chat/contracts";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, TaskRow, TasksTable } from "../schema.js";

/** Which of a user's tasks an agent's task list shows. */
export interface AgentTaskFilter {
  userId: string;
  agentName: string;
  contextId?: string;
  state?: TaskState;
  /** ISO time: only tasks whose status changed at or after it. */
  statusSince?: string;
}

/** Reads and writes tasks. Lists taking a user or conversation are scoped to it. */
export class TasksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Reads a task and, on PostgreSQL, locks its row until commit so status changes take turns. */
  async lock(id: string, dialect: DatabaseDialect): Promise<TaskRow | undefined> {
    const query = this.db.selectFrom("tasks").selectAll().where("id", "=", id);
    return (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  /** A user's tasks, optionally in one state, most recently updated first. */
  async listForUser(
    userId: string,
    options: { state?: TaskState; limit: number },
  ): Promise<TaskRow[]> {
    let query = this.db.selectFrom("tasks").selectAll().where("user_id", "=", userId);
    if (options.state) query = query.where("state", "=", options.state);
    return query.orderBy("updated_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
  }

  /** A conversation's tasks, most recently updated first. */
  async listForContext(contextId: string, limit: number): Promise<TaskRow[]> {
    return this.db
      .selectFrom("tasks")
      .selectAll()
      .where("context_id", "=", contextId)
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  /**
   * A page of a conversation's tasks, newest created first, strictly older than the `before` task
   * (compared by creation time, then id, so tasks created in the same millisecond are not skipped).
   */
  async pageForContext(
    contextId: string,
    limit: number,
    before?: Pick<TaskRow, "created_at" | "id">,
  ): Promise<TaskRow[]> {
    let query = this.db.selectFrom("tasks").selectAll().where("context_id", "=", contextId);
    if (before) {
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", before.created_at),
          eb.and([eb("created_at", "=", before.created_at), eb("id", "<", before.id)]),
        ]),
      );
    }
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  }

  /**
   * A page of one agent's tasks of a user, latest status first (then id), after the `after` task
   * in that order, and how many match the filters in all.
   */
  async pageForAgent(
    filter: AgentTaskFilter,
    limit: number,
    after?: { statusTimestamp: string; id: string },
  ): Promise<{ rows: TaskRow[]; total: number }> {
    let query = this.db
      .selectFrom("tasks")
      .where("user_id", "=", filter.userId)
      .where("agent_name", "=", filter.agentName);
    if (filter.contextId) query = query.where("context_id", "=", filter.contextId);
    if (filter.state) query = query.where("state", "=", filter.state);
    if (filter.statusSince) query = query.where("status_timestamp", ">=", filter.statusSince);
    const counted = await query
      .select((eb) => eb.fn.countAll<string | number | bigint>().as("n"))
      .executeTakeFirstOrThrow();
    let page = query.selectAll();
    if (after) {
      page = page.where((eb) =>
        eb.or([
          eb("status_timestamp", "<", after.statusTimestamp),
          eb.and([eb("status_timestamp", "=", after.statusTimestamp), eb("id", "<", after.id)]),
        ]),
      );
    }
    const rows = await page
      .orderBy("status_timestamp", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return { rows, total: Number(counted.n) };
  }

  async insert(row: Insertable<TasksTable>): Promise<void> {
    await this.db.insertInto("tasks").values(row).execute();
  }

  /** Inserts a task unless one has its id: false then, and nothing is written. */
  async insertIfNew(row: Insertable<TasksTable>): Promise<boolean> {
    const result = await this.db
      .insertInto("tasks")
      .values(row)
      .onConflict((conflict) => conflict.column("id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(id: string, changes: Updateable<TasksTable>): Promise<void> {
    await this.db.updateTable("tasks").set(changes).where("id", "=", id).execute();
  }

  /** Marks a task changed (its history or artifacts grew). */
  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable("tasks").set({ updated_at: at }).where("id", "=", id).execute();
  }
}
