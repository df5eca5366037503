import type { CompiledQuery } from "kysely";

/**
 * Rows of reads answered at once on SQLite (Db.readNow), kept until the next write. The one
 * process owns the one connection, so every change passes through its statements: the cache is
 * emptied whenever a statement that writes is handed out (before it runs), and filled only from
 * reads made while no query or transaction holds the connection. A kept answer is therefore the
 * database's current answer, whatever the write or the table. Rows are frozen: callers share them.
 */
export class ReadCache {
  private readonly answers = new Map<string, readonly unknown[]>();

  constructor(private readonly maxEntries = 10_000) {}

  /** How many answers are kept. */
  get size(): number {
    return this.answers.size;
  }

  /** The key of a query with its parameters (computed once per read, see Db.readNow). */
  static keyOf(query: CompiledQuery): string {
    return `${JSON.stringify(query.parameters)}\u0000${query.sql}`;
  }

  /** The kept answer of a query's key, if no write came since it was read. */
  get<R>(key: string): R[] | undefined {
    return this.answers.get(key) as R[] | undefined;
  }

  /** Keeps an answer read now; when full, the oldest answers make room (all of them: cheap). */
  set<R>(key: string, rows: R[]): R[] {
    if (this.answers.size >= this.maxEntries) this.answers.clear();
    for (const row of rows) Object.freeze(row);
    this.answers.set(key, Object.freeze(rows));
    return rows;
  }

  /** Forgets every answer: a write is about to run. */
  clear(): void {
    if (this.answers.size > 0) this.answers.clear();
  }
}
