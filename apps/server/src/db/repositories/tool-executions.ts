import type { DatabaseDialect } from "@a2a-chat/contracts";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, ToolExecutionRow, ToolExecutionsTable } from "../schema.js";

/** Reads and writes tool execution records. */
export class ToolExecutionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<ToolExecutionRow | undefined> {
    return this.db
      .selectFrom("tool_executions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Reads a record and, on PostgreSQL, locks its row until commit so completions take turns. */
  async lock(id: string, dialect: DatabaseDialect): Promise<ToolExecutionRow | undefined> {
    const query = this.db.selectFrom("tool_executions").selectAll().where("id", "=", id);
    return (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  async insert(row: Insertable<ToolExecutionsTable>): Promise<void> {
    await this.db.insertInto("tool_executions").values(row).execute();
  }

  async update(id: string, changes: Updateable<ToolExecutionsTable>): Promise<void> {
    await this.db.updateTable("tool_executions").set(changes).where("id", "=", id).execute();
  }
}
