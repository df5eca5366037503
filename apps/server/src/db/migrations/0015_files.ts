import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Files users upload into a conversation, kept in the database so every replica can serve them
 * (replicas share no disk). The bytes sit in numbered chunks, so an upload is written and a
 * download read a chunk at a time instead of whole in memory. A file goes with its conversation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
  await db.schema
    .createTable("files")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("context_id", "varchar(36)", (col) =>
      col.notNull().references("contexts.id").onDelete("cascade"),
    )
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("mime_type", "varchar(255)", (col) => col.notNull())
    .addColumn("size", "bigint", (col) => col.notNull())
    // 0 while the bytes are still arriving: such a file is never served.
    .addColumn("complete", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("files_context_idx").on("files").column("context_id").execute();
  await db.schema.createIndex("files_user_idx").on("files").column("user_id").execute();
  await db.schema
    .createTable("file_chunks")
    .addColumn("file_id", "varchar(36)", (col) =>
      col.notNull().references("files.id").onDelete("cascade"),
    )
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("data", bytesType, (col) => col.notNull())
    .addPrimaryKeyConstraint("file_chunks_pk", ["file_id", "seq"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("file_chunks").execute();
  await db.schema.dropTable("files").execute();
}
