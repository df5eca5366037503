import type { Kysely } from "kysely";

/** Sessions behind tokens (revocable), and shared rate-limit windows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sessions")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("renewed_at", "varchar(32)", (col) => col.notNull())
    .addColumn("revoked_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(200)", (col) => col.notNull())
    .addColumn("window_start", "bigint", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["key", "window_start"])
    .execute();
  await db.schema
    .createIndex("rate_limits_window_idx")
    .on("rate_limits")
    .column("window_start")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("sessions").execute();
}
