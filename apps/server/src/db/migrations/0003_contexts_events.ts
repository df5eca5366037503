import type { Kysely } from "kysely";

/**
 * Conversations, and the durable per-user event log behind the live stream. Each user row keeps
 * the last event id it handed out; taking the next one locks that row, so a user's events commit
 * in id order on every dialect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("last_event_seq", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("contexts")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("name", "varchar(200)", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addColumn("message_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("task_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_message_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("contexts_user_updated_idx")
    .on("contexts")
    .columns(["user_id", "updated_at"])
    .execute();

  await db.schema
    .createTable("events")
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("seq", "bigint", (col) => col.notNull())
    .addColumn("event_type", "varchar(40)", (col) => col.notNull())
    .addColumn("context_id", "varchar(36)")
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("events_pk", ["user_id", "seq"])
    .execute();
  await db.schema.createIndex("events_created_at_idx").on("events").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("events").execute();
  await db.schema.dropTable("contexts").execute();
  await db.schema.alterTable("users").dropColumn("last_event_seq").execute();
}
