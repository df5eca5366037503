import type { Kysely } from "kysely";

/** Users: anonymous visitors and signed-in accounts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_type", "varchar(16)", (col) => col.notNull())
    .addColumn("username", "varchar(100)", (col) => col.notNull())
    .addColumn("email", "varchar(320)", (col) => col.unique())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("users_created_at_idx").on("users").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("users").execute();
}
