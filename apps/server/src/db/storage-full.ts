/** better-sqlite3's code for a write the disk had no room for (SQLite returns it for ENOSPC). */
const sqliteFull = /^SQLITE_FULL/;
/** PostgreSQL's SQLSTATE disk_full; Node's errno code of a file write with no room left. */
const fullCodes = new Set(["53100", "ENOSPC"]);

/**
 * Whether an error means the storage is full: the SQLite file's disk (SQLITE_FULL), PostgreSQL's
 * (53100 disk_full) or a file write of our own (ENOSPC), the error itself or one of its causes.
 * Reads and deletes may still work; new data cannot be saved until space is freed.
 */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const code = "code" in current && typeof current.code === "string" ? current.code : "";
    if (fullCodes.has(code) || sqliteFull.test(code)) return true;
    if (current instanceof AggregateError && current.errors.some(isStorageFull)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
