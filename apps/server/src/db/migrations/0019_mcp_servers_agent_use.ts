import type { Kysely } from "kysely";

/**
 * Whether the user lets this site's agents call the tools of an MCP server they added (1) or
 * keeps it to their own use from the Tools column (0, the default for servers added before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("external_mcp_servers")
    .addColumn("agent_use", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("external_mcp_servers").dropColumn("agent_use").execute();
}
