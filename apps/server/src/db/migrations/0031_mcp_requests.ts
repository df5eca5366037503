import type { Kysely } from "kysely";

/**
 * Requests an MCP server sends to the user during a tool call (elicitation, sampling): the
 * replica running the call writes the row and waits; the user's answer, posted to any replica,
 * is written to it; a row still pending at expires_at is over (the server gets a cancel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mcp_requests")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("server_name", "varchar(256)", (col) => col.notNull())
    .addColumn("context_id", "varchar(64)")
    .addColumn("task_id", "varchar(64)")
    .addColumn("params", "text", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("answer", "text")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .addColumn("answered_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("mcp_requests_user_status")
    .on("mcp_requests")
    .columns(["user_id", "status"])
    .execute();
  await db.schema
    .createIndex("mcp_requests_expires_at")
    .on("mcp_requests")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mcp_requests").execute();
}
