/**
 * Whether an error means "the database cannot serve right now" (refused or lost connections,
 * timeouts, locks held too long, a busy SQLite file, a server shutting down) rather than a bug.
 * Such errors become 503 database_unavailable: the request may simply be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    if (matches(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL SQLSTATE classes and codes: connection, refused logins (28: a role that may not log
 * in, a wrong password), resources, shutdown, timeouts, conflicts.
 */
const pgClasses = ["08", "28", "53", "57P", "40"];
const pgCodes = new Set(["57014", "55P03", "25P03"]);
/** Node socket errors on the way to the database. */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/** pg and pg-pool errors that carry no code. */
const pgMessages = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
];
/** better-sqlite3: a file locked by another process, a full disk, a closed handle. */
const sqliteCodes = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/;

function matches(error: object): boolean {
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  const message = error instanceof Error ? error.message : "";
  if (pgCodes.has(code) || (code.length === 5 && pgClasses.some((c) => code.startsWith(c)))) {
    return true;
  }
  if (socketCodes.has(code) || sqliteCodes.test(code)) return true;
  if (message === "The database connection is not open") return true;
  return pgMessages.some((text) => message.includes(text));
}
