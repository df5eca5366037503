import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sqliteFileName } from "../db/database.js";

/** What a finished backup reports. */
export interface BackupResult {
  file: string;
  pages: number;
  bytes: number;
}

/** A backup that cannot be made, with the reason the operator reads. */
export class BackupError extends Error {}

/** Pages copied per step: all of them, so the copy is one snapshot of the database. */
const allPages = 0x7fffffff;

/**
 * Copies the server's SQLite database to `target` while the server runs, with SQLite's online
 * backup API (better-sqlite3's backup()): the pages are read in one read transaction, so the copy
 * is one consistent moment of the database, and the server's writes go on meanwhile (WAL mode).
 * The copy is written beside the target and renamed into place once checked, so the target is
 * never a half-written file. An existing target is refused.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupResult> {
  const source = join(resolve(dataDir), sqliteFileName);
  const file = resolve(target);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}.`);
  if (existsSync(file)) throw new BackupError(`${file} already exists; name a new file.`);
  if (!existsSync(dirname(file)))
    throw new BackupError(`The folder ${dirname(file)} does not exist.`);
  const partial = `${file}.partial-${process.pid}`;
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const progress = await db.backup(partial, { progress: () => allPages });
    const copy = new SqliteDatabase(partial);
    try {
      // The copy stands alone: its log folded in, no -wal file needed beside it.
      copy.pragma("journal_mode = DELETE");
      const check = copy.pragma("quick_check", { simple: true });
      if (check !== "ok") throw new BackupError(`The copy failed its check: ${String(check)}`);
    } finally {
      copy.close();
    }
    renameSync(partial, file);
    return { file, pages: progress.totalPages, bytes: statSync(file).size };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
}
