import type { CompiledQuery, DatabaseConnection, QueryResult } from "kysely";

/**
 * better-sqlite3's codes for a file another process holds locked. A stale snapshot
 * (SQLITE_BUSY_SNAPSHOT) is not among them: trying the statement again cannot help it.
 */
const busyCodes = new Set(["SQLITE_BUSY", "SQLITE_BUSY_RECOVERY", "SQLITE_BUSY_TIMEOUT"]);

/** Whether an error is SQLite's "the file is locked by another connection". */
export function isSqliteBusy(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string" &&
    busyCodes.has(error.code)
  );
}

/** Waits between attempts on a locked file: short at first, then a tenth of a second. */
const backoffMs = [2, 5, 10, 20, 40, 80, 100];

/** The wait before attempt `attempt + 1`. */
export function busyBackoff(attempt: number): number {
  return backoffMs[Math.min(attempt, backoffMs.length - 1)] as number;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether some query is waiting for a lock another process holds, and since when. */
export class LockWatch {
  lockedSince: number | undefined;
  noteBusy(): void {
    this.lockedSince ??= performance.now();
  }
  noteFree(): void {
    this.lockedSince = undefined;
  }
}

/**
 * Kysely's SQLite connection, trying a statement again while another process holds the file
 * locked, until `deadline` (performance.now() time). better-sqlite3 runs statements
 * synchronously, so SQLite's own busy wait blocks the event loop for every request; here SQLite
 * waits a few milliseconds at most (busy_timeout) and the waits between attempts are timers, so
 * requests that need no database (and /health) are answered meanwhile.
 */
export class BusyRetryConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly deadline: number,
    private readonly watch: LockWatch,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await this.inner.executeQuery<R>(query);
        this.watch.noteFree();
        return result;
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        this.watch.noteBusy();
        const wait = busyBackoff(attempt);
        if (performance.now() + wait > this.deadline) throw error;
        await sleep(wait);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
