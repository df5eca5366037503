import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Bytes each conversation's messages and artifacts hold (their JSON text), kept current by the
 * writes, so a user's storage quota is one small sum over their conversations. Counted for the
 * rows already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("contexts")
    .addColumn("storage_bytes", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();
  const bytes =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (column: string) => sql.raw(`octet_length(${column})`)
      : (column: string) => sql.raw(`length(cast(${column} as blob))`);
  await sql`update contexts set storage_bytes =
    coalesce((select sum(${bytes("m.parts")}) from messages m where m.context_id = contexts.id), 0) +
    coalesce((select sum(${bytes("a.parts")} + ${bytes("a.metadata")})
      from artifacts a where a.context_id = contexts.id), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contexts").dropColumn("storage_bytes").execute();
}
