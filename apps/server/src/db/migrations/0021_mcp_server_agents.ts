import type { Kysely } from "kysely";

/**
 * Which of this site's agents may call the tools of an MCP server a user added. The server's
 * agent_use says how: 0 none, 1 every agent of this site (the meaning it had before, kept for
 * servers already lent), 2 only the agents named in this table (one row per server and agent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("external_mcp_server_agents")
    .addColumn("server_id", "varchar(36)", (col) =>
      col.notNull().references("external_mcp_servers.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("agent_name", "varchar(128)", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("external_mcp_server_agents_pk", ["server_id", "agent_name"])
    .execute();
  await db.schema
    .createIndex("external_mcp_server_agents_user_agent")
    .on("external_mcp_server_agents")
    .columns(["user_id", "agent_name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("external_mcp_server_agents").execute();
}
