import type { Kysely } from "kysely";

/**
 * Agents users add by URL, one row per user and URL (adding the same URL again replaces it).
 * The card is kept as discovered; credentials are AES-GCM ciphertext, never plain text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("external_agents")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("url", "varchar(2048)", (col) => col.notNull())
    .addColumn("card", "text", (col) => col.notNull())
    .addColumn("protocol", "varchar(8)", (col) => col.notNull())
    .addColumn("endpoint", "varchar(2048)", (col) => col.notNull())
    .addColumn("credentials", "text")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addUniqueConstraint("external_agents_user_url_unique", ["user_id", "url"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("external_agents").execute();
}
