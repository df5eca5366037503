import type { Kysely } from "kysely";

/**
 * Read-only snapshot links of conversations. The snapshot (the conversation as it was when shared,
 * up to a chosen message) is stored as JSON text, so what the link shows never grows with later
 * messages and never reaches past the shared conversation. Deleting a share revokes the link; it
 * goes with its conversation and its owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shares")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("context_id", "varchar(36)", (col) =>
      col.notNull().references("contexts.id").onDelete("cascade"),
    )
    .addColumn("up_to_message_id", "varchar(128)")
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("snapshot", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("shares_user_created_idx")
    .on("shares")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("shares_context_idx").on("shares").column("context_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("shares").execute();
}
