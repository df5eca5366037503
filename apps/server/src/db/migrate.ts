import { type MigrationResultSet, Migrator } from "kysely";
import type { Db } from "./database.js";
import { migrations } from "./migrations/index.js";

/** Where the schema stands: applied migration names, newest last. */
export interface MigrationLevel {
  applied: string[];
  latest: string | null;
}

function migrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping table across all schemas unless told which one; with
    // several schemas in one PostgreSQL database that would find another deployment's table.
    ...(db.dialect === "postgres" ? { migrationTableSchema: db.location } : {}),
  });
}

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<MigrationLevel> {
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed} failed: ${reason}`);
  }
  return migrationLevel(db);
}

/** Reads the applied migrations without changing anything. */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const all = await migrator(db).getMigrations();
  const applied = all.filter((m) => m.executedAt !== undefined).map((m) => m.name);
  return { applied, latest: applied.at(-1) ?? null };
}
