import type { Kysely } from "kysely";

/**
 * The logging level each user set (MCP `logging/setLevel`) on each built-in MCP server. Those
 * servers are stateless (no MCP session), so the level a client sets in one request must outlive
 * it to filter the log messages of the next ones, on whichever replica answers them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mcp_log_levels")
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("server_name", "varchar(64)", (col) => col.notNull())
    .addColumn("level", "varchar(16)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("mcp_log_levels_pk", ["user_id", "server_name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mcp_log_levels").execute();
}
