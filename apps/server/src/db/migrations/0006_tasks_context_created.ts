import type { Kysely } from "kysely";

/** Reading a long conversation page by page (newest created first) walks this index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("tasks_context_created_idx")
    .on("tasks")
    .columns(["context_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_context_created_idx").execute();
}
