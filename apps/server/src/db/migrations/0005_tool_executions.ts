import type { Kysely } from "kysely";

/**
 * Records of tool calls (core spec §3, §7). A record made in a conversation goes with it
 * (cascade); artifact_id has no foreign key because a re-run with the same fingerprint replaces
 * (deletes) the earlier artifact while its record stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tool_executions")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("context_id", "varchar(36)", (col) =>
      col.references("contexts.id").onDelete("cascade"),
    )
    .addColumn("task_id", "varchar(128)", (col) => col.references("tasks.id").onDelete("cascade"))
    .addColumn("server_name", "text", (col) => col.notNull())
    .addColumn("server_endpoint", "text", (col) => col.notNull())
    .addColumn("tool_name", "text", (col) => col.notNull())
    .addColumn("input", "text", (col) => col.notNull())
    .addColumn("output", "text")
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("render_behavior", "varchar(16)")
    .addColumn("started_at", "varchar(32)", (col) => col.notNull())
    .addColumn("completed_at", "varchar(32)")
    .addColumn("execution_time_ms", "integer")
    .addColumn("trace_id", "text")
    .addColumn("artifact_id", "varchar(128)")
    .execute();
  await db.schema
    .createIndex("tool_executions_user_started_idx")
    .on("tool_executions")
    .columns(["user_id", "started_at"])
    .execute();
  await db.schema
    .createIndex("tool_executions_task_idx")
    .on("tool_executions")
    .column("task_id")
    .execute();
  await db.schema
    .createIndex("tool_executions_context_idx")
    .on("tool_executions")
    .column("context_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tool_executions").execute();
}
