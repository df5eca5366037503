import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";

/**
 * The tree of a conversation's tasks: each task names the one it follows (`parent_task_id`), so
 * the tasks that share a parent are branches. Walks use recursive queries, which SQLite and
 * PostgreSQL both run, bounded by the conversation (every step stays in one context).
 */
export class TaskBranchesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The ids of the tasks from the root to `taskId` (inclusive), oldest first, at most `limit` of
   * them (the nearest to `taskId`). Empty when the task is not in the conversation.
   */
  async pathTo(contextId: string, taskId: string, limit: number): Promise<string[]> {
    return (await this.pathWithForks(contextId, taskId, limit)).map((step) => step.id);
  }

  /**
   * The tasks from the root to `taskId` as `pathTo` reads them, each with the message of its
   * parent it forks at (null: it follows the whole parent).
   */
  async pathWithForks(
    contextId: string,
    taskId: string,
    limit: number,
  ): Promise<{ id: string; forkAt: string | null }[]> {
    const result = await sql<{ id: string; fork_at: string | null; depth: number | string }>`
      with recursive path(id, parent_task_id, fork_at, depth) as (
        select id, parent_task_id, branch_message_id, 0 from tasks
          where id = ${taskId} and context_id = ${contextId}
        union all
        select t.id, t.parent_task_id, t.branch_message_id, p.depth + 1 from tasks t
          join path p on t.id = p.parent_task_id
          where t.context_id = ${contextId} and p.depth + 1 < ${limit}
      )
      select id, fork_at, depth from path`.execute(this.db);
    return result.rows
      .sort((a, b) => Number(b.depth) - Number(a.depth))
      .map((row) => ({ id: row.id, forkAt: row.fork_at ?? null }));
  }

  /**
   * The newest task of the subtree that starts at `taskId` (the task itself when nothing follows
   * it; of tasks made in the same millisecond, the deepest): where a branch chosen by one of its tasks ends. Undefined when the task is not in the
   * conversation.
   */
  async newestUnder(contextId: string, taskId: string, whole = false): Promise<string | undefined> {
    // `whole`: the task's own children that fork inside it (and what follows them) are left out.
    const result = await sql<{ id: string }>`
      with recursive sub(id, created_at, depth) as (
        select id, created_at, 0 from tasks where id = ${taskId} and context_id = ${contextId}
        union all
        select t.id, t.created_at, s.depth + 1 from tasks t
          join sub s on t.parent_task_id = s.id
          where t.context_id = ${contextId}
            and not (${whole ? 1 : 0} = 1 and s.depth = 0 and t.branch_message_id is not null)
      )
      select id from sub order by created_at desc, depth desc, id desc limit 1`.execute(this.db);
    return result.rows[0]?.id;
  }

  /**
   * Stores the branch a conversation shows (its leaf task, or null: before its first task), and
   * where inside the leaf it stops (null: after the whole task).
   */
  async setLeaf(
    contextId: string,
    leafTaskId: string | null,
    cutMessageId: string | null = null,
  ): Promise<void> {
    await this.db
      .updateTable("contexts")
      .set({ leaf_task_id: leafTaskId, leaf_cut_message_id: cutMessageId })
      .where("id", "=", contextId)
      .execute();
  }

  /** Whether a message of the user belongs to a task. */
  async isMessageOf(userId: string, taskId: string, messageId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("messages")
      .select("id")
      .where("user_id", "=", userId)
      .where("id", "=", messageId)
      .where("task_id", "=", taskId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
