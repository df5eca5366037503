import { type MigrationResultSet, Migrator } from "kysely";
import { type DatabaseOptions, type DatabaseSettings, type Db, openDatabase } from "./database.js";
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
    // Migration numbers are handed out to work in progress, so one may land after a higher one
    // was applied (0010 after 0013): it is applied then instead of refusing to start.
    allowUnorderedMigrations: true,
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

/**
 * Applies pending migrations. On PostgreSQL they run on a connection of their own without the
 * statement and lock time limits: a migration may rewrite a large table, and a replica starting
 * beside another one waits for that one's migration lock (Kysely's lock is one for the whole
 * database, shared by every schema in it).
 */
export async function migrateWithoutTimeLimits(
  settings: DatabaseSettings,
  db: Db,
  options: DatabaseOptions = {},
): Promise<MigrationLevel> {
  if (db.dialect !== "postgres") return migrateToLatest(db);
  const unbounded = await openDatabase(
    { ...settings, poolSize: 1, statementTimeoutMs: 0, lockTimeoutMs: 0 },
    options,
  );
  try {
    return await migrateToLatest(unbounded);
  } finally {
    await unbounded.close();
  }
}
