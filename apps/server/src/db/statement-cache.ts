import type { Database as SqliteDatabase, Statement } from "better-sqlite3";

/**
 * better-sqlite3 behind Kysely with its statements kept: Kysely prepares every query anew, and
 * compiling the SQL was a fifth of a simple authenticated GET's time. Statements are reused per
 * SQL text (SQLite re-prepares one by itself after a schema change), at most `maxStatements`, least
 * recently used out; one still being iterated is never handed out twice.
 */
export function withStatementCache(
  sqlite: SqliteDatabase,
  maxStatements = 500,
  /** Called as a statement that may write is handed out, before it runs (see ReadCache). */
  onWrite: () => void = () => undefined,
): { prepare(sql: string): Statement; readonly size: number; close(): void } {
  const statements = new Map<string, Statement>();
  const handOut = (statement: Statement) => {
    // readonly, not reader: an INSERT … RETURNING reads rows back and writes.
    if (!statement.readonly) onWrite();
    return statement;
  };
  return {
    prepare(sql) {
      const known = statements.get(sql);
      if (known && !known.busy) {
        statements.delete(sql);
        statements.set(sql, known); // most recently used goes last
        return handOut(known);
      }
      const statement = sqlite.prepare(sql);
      if (known) return handOut(statement); // the cached one is busy: this one is used once
      statements.set(sql, statement);
      if (statements.size > maxStatements) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return handOut(statement);
    },
    get size() {
      return statements.size;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
