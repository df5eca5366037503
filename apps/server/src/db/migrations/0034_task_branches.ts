import { type Kysely, sql } from "kysely";

/**
 * Branches of a conversation. Each task (a user's message with its reply, or a tool run) names
 * the task it follows (`parent_task_id`, null for the first); an edit or a regeneration adds a
 * sibling, a second child of the same parent. The conversation stores the branch chosen for it
 * as its leaf (`leaf_task_id`): what is shown, and what a model sees, is the path from the root
 * to that leaf. Existing conversations become one line each: every task follows the one created
 * before it, and the newest is the leaf.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("parent_task_id", "varchar(128)").execute();
  await db.schema.alterTable("contexts").addColumn("leaf_task_id", "varchar(128)").execute();
  await db.schema
    .createIndex("tasks_context_parent_idx")
    .on("tasks")
    .columns(["context_id", "parent_task_id"])
    .execute();
  await sql`update tasks set parent_task_id = (
      select p.id from tasks p
      where p.context_id = tasks.context_id
        and (p.created_at < tasks.created_at or (p.created_at = tasks.created_at and p.id < tasks.id))
      order by p.created_at desc, p.id desc limit 1)`.execute(db);
  await sql`update contexts set leaf_task_id = (
      select t.id from tasks t where t.context_id = contexts.id
      order by t.created_at desc, t.id desc limit 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_context_parent_idx").execute();
  await db.schema.alterTable("contexts").dropColumn("leaf_task_id").execute();
  await db.schema.alterTable("tasks").dropColumn("parent_task_id").execute();
}
