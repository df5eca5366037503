import type { Kysely } from "kysely";

/**
 * Tasks, their messages and artifacts. Each belongs to a conversation and goes with it (foreign
 * key cascade). Parts, metadata and status messages are JSON text. Ids may come from agents or
 * clients, so they are bounded text rather than uuids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tasks")
    .addColumn("id", "varchar(128)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("context_id", "varchar(36)", (col) =>
      col.notNull().references("contexts.id").onDelete("cascade"),
    )
    .addColumn("agent_name", "text", (col) => col.notNull())
    .addColumn("task_type", "varchar(32)", (col) => col.notNull())
    .addColumn("state", "varchar(32)", (col) => col.notNull())
    .addColumn("status_timestamp", "varchar(32)", (col) => col.notNull())
    .addColumn("status_message", "text")
    .addColumn("metadata", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("tasks_user_updated_idx")
    .on("tasks")
    .columns(["user_id", "updated_at"])
    .execute();
  await db.schema.createIndex("tasks_context_idx").on("tasks").column("context_id").execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "varchar(128)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("context_id", "varchar(36)", (col) =>
      col.notNull().references("contexts.id").onDelete("cascade"),
    )
    .addColumn("task_id", "varchar(128)", (col) => col.references("tasks.id").onDelete("cascade"))
    .addColumn("role", "varchar(16)", (col) => col.notNull())
    .addColumn("parts", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("messages_context_created_idx")
    .on("messages")
    .columns(["context_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("messages_task_created_idx")
    .on("messages")
    .columns(["task_id", "created_at"])
    .execute();

  await db.schema
    .createTable("artifacts")
    .addColumn("id", "varchar(128)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("context_id", "varchar(36)", (col) =>
      col.notNull().references("contexts.id").onDelete("cascade"),
    )
    .addColumn("task_id", "varchar(128)", (col) => col.references("tasks.id").onDelete("cascade"))
    .addColumn("name", "text")
    .addColumn("description", "text")
    .addColumn("parts", "text", (col) => col.notNull())
    .addColumn("metadata", "text", (col) => col.notNull())
    .addColumn("artifact_type", "text", (col) => col.notNull())
    .addColumn("fingerprint", "text")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("artifacts_context_created_idx")
    .on("artifacts")
    .columns(["context_id", "created_at"])
    .execute();
  await db.schema.createIndex("artifacts_task_idx").on("artifacts").column("task_id").execute();
  await db.schema
    .createIndex("artifacts_user_created_idx")
    .on("artifacts")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("artifacts").execute();
  await db.schema.dropTable("messages").execute();
  await db.schema.dropTable("tasks").execute();
}
