import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Message ids are chosen by clients, so they are unique per user, not across all users: another
 * user's id neither clashes with yours nor tells you it exists. The primary key becomes
 * (user_id, id). SQLite cannot change a primary key in place, so there the table is rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table messages drop constraint messages_pkey`.execute(db);
    await sql`alter table messages add primary key (user_id, id)`.execute(db);
    return;
  }
  await rebuildSqlite(db, ["user_id", "id"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table messages drop constraint messages_pkey`.execute(db);
    await sql`alter table messages add primary key (id)`.execute(db);
    return;
  }
  await rebuildSqlite(db, ["id"]);
}

async function rebuildSqlite(db: Kysely<unknown>, key: string[]): Promise<void> {
  await db.schema
    .createTable("messages_rebuilt")
    .addColumn("id", "varchar(128)", (col) => col.notNull())
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
    .addPrimaryKeyConstraint("messages_pkey", key as ["id"])
    .execute();
  await sql`insert into messages_rebuilt (id, user_id, context_id, task_id, role, parts, created_at)
    select id, user_id, context_id, task_id, role, parts, created_at from messages`.execute(db);
  await db.schema.dropTable("messages").execute();
  await sql`alter table messages_rebuilt rename to messages`.execute(db);
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
}
