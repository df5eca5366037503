import type { Kysely } from "kysely";

/**
 * MCP servers users add, one row per user and name (adding the same name again replaces it).
 * Credentials are AES-GCM ciphertext bound to the row's user and name, never plain text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("external_mcp_servers")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("name", "varchar(64)", (col) => col.notNull())
    .addColumn("url", "varchar(2048)", (col) => col.notNull())
    .addColumn("transport", "varchar(32)", (col) => col.notNull())
    .addColumn("credentials", "text")
    .addColumn("timeout_ms", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addUniqueConstraint("external_mcp_servers_user_name_unique", ["user_id", "name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("external_mcp_servers").execute();
}
