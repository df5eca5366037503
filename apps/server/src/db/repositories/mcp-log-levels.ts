import type { Kysely } from "kysely";
import type { Database } from "../schema.js";

/** The MCP logging level each user set on each built-in server; the caller's own row only. */
export class McpLogLevelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: string, serverName: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("mcp_log_levels")
      .select("level")
      .where("user_id", "=", userId)
      .where("server_name", "=", serverName)
      .executeTakeFirst();
    return row?.level;
  }

  async set(userId: string, serverName: string, level: string): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto("mcp_log_levels")
      .values({ user_id: userId, server_name: serverName, level, updated_at })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "server_name"]).doUpdateSet({ level, updated_at }),
      )
      .execute();
  }
}
