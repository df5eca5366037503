import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DatabaseDialect } from "@a2a-chat/contracts";
import SqliteDatabase from "better-sqlite3";
import { type CompiledQuery, Kysely } from "kysely";
import type pg from "pg";
import type { Config } from "../config/schema.js";
import { waitingPool } from "./connection-wait.js";
import { ReadCache } from "./read-cache.js";
import type { Database } from "./schema.js";
import { SchemaPostgresDialect } from "./schema-introspector.js";
import { isSqliteBusy } from "./sqlite-busy-retry.js";
import { type ReadNow, SqliteLiteralLimitDialect } from "./sqlite-dialect.js";
import { withStatementCache } from "./statement-cache.js";
import { StorageReserve } from "./storage-reserve.js";
import { type CheckpointResult, startWalCheckpointer } from "./wal-checkpointer.js";

/** An open database: the query builder plus which engine is behind it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Path of the SQLite file, or the PostgreSQL schema name. */
  location: string;
  /**
   * SQLite only: asks the open connection a trivial query at once, not behind the queries
   * queued on Kysely's one connection (a busy server's queue would make a health check wait
   * on everyone else's work), and, when no query holds it, takes the file's write lock and gives
   * it back. Throws when the connection is closed, SQLITE_BUSY when another process holds the
   * file locked (or one of our queries is waiting for it).
   */
  ping?: () => void;
  /**
   * SQLite only: runs a compiled read at once, synchronously, when no query or transaction holds
   * the one connection (else undefined: run it through Kysely). It skips Kysely's queue and
   * plugins: about half the cost of a small indexed read. Its answers are kept until the next
   * write of any kind (ReadCache): the rows returned are frozen.
   */
  readNow?: ReadNow;
  /**
   * SQLite only: SQLite's data_version, which moves when another connection (another process,
   * such as the admin command, or the checkpoint thread) changed the file; this process's own
   * writes leave it. About a microsecond, without waiting behind Kysely's queue.
   */
  changeCount?: () => number;
  /** SQLite only: the space kept in the data folder so deletes work on a full disk. */
  storage?: StorageReserve;
  /**
   * PostgreSQL only: a connection of its own for renewing the leases of the replies this process
   * runs (agents/task-runs.ts), so a renewal never queues behind user traffic in the pool; a
   * replica whose pool is exhausted is busy, not dead. On SQLite the one connection serves.
   */
  leases?: Kysely<Database>;
  /** SQLite only: checkpoints the write-ahead log now, from the checkpoint thread. */
  walCheckpoint?: () => Promise<CheckpointResult>;
  /** SQLite only: entries kept by the statement cache and the read cache now (for metrics). */
  sqliteCaches?: () => { statements: number; reads: number };
  /** PostgreSQL only: the pool's connections now (for metrics). */
  poolState?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const sqliteFileName = "a2a-chat.sqlite";

/** Longest SQLite itself waits on a locked file, blocking the event loop; then timers take over. */
const sqliteBusyWaitMs = 5;

/** How often the SQLite write-ahead log is checkpointed (a second's writes at most wait in it). */
const walCheckpointEveryMs = 1000;

/** How the database reports trouble that no query is waiting for. */
export interface DatabaseOptions {
  /**
   * A pooled PostgreSQL connection failed (the server ended it: pg_terminate_backend,
   * idle_session_timeout, a restart or a failover). An idle one the pool has already dropped; one
   * in use (a transaction between two statements) fails its next statement and is dropped when
   * released. The pool opens a new one on the next query. Without a listener node-postgres throws
   * the error, and the process would crash.
   */
  onConnectionLost?: (error: Error, connection: { inUse: boolean }) => void;
}

/** The database settings openDatabase reads (timeouts default to none, as for migrations). */
export type DatabaseSettings = Pick<Config["database"], "dataDir" | "url" | "schema" | "poolSize"> &
  Partial<
    Pick<
      Config["database"],
      "statementTimeoutMs" | "lockTimeoutMs" | "acquireTimeoutMs" | "sqliteCacheMb"
    >
  >;

/** Opens SQLite in the data dir, or PostgreSQL when a URL is configured. */
export async function openDatabase(
  config: DatabaseSettings,
  options: DatabaseOptions = {},
): Promise<Db> {
  return config.url ? openPostgres(config.url, config, options) : openSqlite(config);
}

function openSqlite(config: DatabaseSettings): Db {
  const dir = resolve(config.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, sqliteFileName);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // Negative: a size in KiB (see config.database.sqliteCacheMb; SQLite's own default is 2 MB).
  sqlite.pragma(`cache_size = ${-1024 * (config.sqliteCacheMb ?? 2)}`);
  // A file locked by another process (a backup, the sqlite3 shell): SQLite's own wait blocks the
  // event loop, so it waits a few milliseconds at most and queries try again on timers until
  // the lock timeout (5 s when none is configured; sqlite-busy-retry.ts).
  sqlite.pragma(`busy_timeout = ${sqliteBusyWaitMs}`);
  // The log is copied into the database by a thread of its own, not inside a commit in the
  // event loop (see wal-checkpointer.ts); SQLite's own checkpoints come back if that fails.
  sqlite.pragma("wal_autocheckpoint = 0");
  const storage = new StorageReserve(dir);
  storage.ensure();
  const checkpointer = startWalCheckpointer(file, {
    everyMs: walCheckpointEveryMs,
    onFailure: () => {
      if (sqlite.open) sqlite.pragma("wal_autocheckpoint = 1000");
    },
    hold: () => storage.leftForDeletes(),
  });
  const reads = new ReadCache();
  const statements = withStatementCache(sqlite, undefined, () => reads.clear());
  const dialect = new SqliteLiteralLimitDialect(
    { database: statements },
    config.lockTimeoutMs || 5000,
  );
  const kysely = new Kysely<Database>({ dialect });
  const ping = sqlite.prepare("select 1").pluck();
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  // Taking the write lock and giving it back at once: SQLITE_BUSY when another process holds it.
  const lockProbe = [sqlite.prepare("begin immediate"), sqlite.prepare("rollback")] as const;
  return {
    kysely,
    dialect: "sqlite",
    location: file,
    ping: () => {
      ping.get();
      if (dialect.free) {
        lockProbe[0].run();
        lockProbe[1].run();
      } else if (dialect.lockWatch.lockedSince !== undefined) {
        // Our own query is waiting for the lock: the file is locked.
        throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
      }
    },
    changeCount: () => Number(dataVersion.get()),
    readNow: <R>(query: CompiledQuery<R>) => {
      if (!dialect.free) return undefined;
      const key = ReadCache.keyOf(query);
      const kept = reads.get<R>(key);
      if (kept) return kept;
      try {
        const statement = statements.prepare(query.sql);
        if (!statement.reader || !statement.readonly) return undefined;
        return reads.set(key, statement.all(query.parameters) as R[]);
      } catch (error) {
        // A file locked by another process: Kysely's path waits for it on timers.
        if (isSqliteBusy(error)) return undefined;
        throw error;
      }
    },
    storage,
    sqliteCaches: () => ({ statements: statements.size, reads: reads.size }),
    walCheckpoint: () => checkpointer.checkpoint(),
    close: async () => {
      await checkpointer.close();
      await kysely.destroy();
    },
  };
}

/** Session settings of every pooled connection: the schema, and the time limits (0 = none). */
function sessionOptions(config: DatabaseSettings): string {
  const settings = [`search_path=${config.schema}`];
  if (config.statementTimeoutMs) settings.push(`statement_timeout=${config.statementTimeoutMs}`);
  if (config.lockTimeoutMs) settings.push(`lock_timeout=${config.lockTimeoutMs}`);
  if (config.statementTimeoutMs) {
    // A transaction left open (a crashed request) must not hold its locks for ever.
    settings.push(`idle_in_transaction_session_timeout=${config.statementTimeoutMs * 2}`);
  }
  return settings.map((setting) => `-c ${setting}`).join(" ");
}

async function openPostgres(
  url: string,
  config: DatabaseSettings,
  options: DatabaseOptions,
): Promise<Db> {
  const { schema } = config;
  // Loaded only for PostgreSQL: a SQLite install never pays its memory and start-up.
  const { default: pg } = await import("pg");
  if (schema !== "public") {
    // The schema must exist before pooled connections put it on their search path.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const connection: pg.PoolConfig = { connectionString: url, options: sessionOptions(config) };
  // Requests and turns bound their own waits for a free connection (waitingPool, below).
  const pool = new pg.Pool({ ...connection, max: config.poolSize });
  // One connection, never shared with requests; its waits bounded by the configured timeout.
  const leasePool = new pg.Pool({
    ...connection,
    max: 1,
    ...(config.acquireTimeoutMs ? { connectionTimeoutMillis: config.acquireTimeoutMs } : {}),
  });
  // An 'error' event with no listener throws, and would take every replica down at once. The
  // pool listens on its idle connections only; a checked-out one gets a listener of its own.
  for (const each of [pool, leasePool]) watchConnections(each, options);
  const waiting = waitingPool(pool, config.acquireTimeoutMs ?? 0);
  const kysely = new Kysely<Database>({
    dialect: new SchemaPostgresDialect({ pool: waiting }, schema),
  });
  const leases = new Kysely<Database>({
    dialect: new SchemaPostgresDialect({ pool: leasePool }, schema),
  });
  return {
    kysely,
    leases,
    dialect: "postgres",
    location: schema,
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([kysely.destroy(), leases.destroy()]);
    },
  };
}

/**
 * Reports each lost connection of a pool once, idle or in use, instead of letting its error
 * throw. A connection the server ended errs twice: with the server's message, then as the socket
 * closes ("Connection terminated unexpectedly").
 */
function watchConnections(pool: pg.Pool, options: DatabaseOptions): void {
  const inUse = new WeakSet<pg.PoolClient>();
  const reported = new WeakSet<pg.PoolClient>();
  const report = (error: Error, client: pg.PoolClient, connection: { inUse: boolean }) => {
    if (reported.has(client)) return;
    reported.add(client);
    options.onConnectionLost?.(error, connection);
  };
  pool.on("error", (error, client) => report(error, client, { inUse: false }));
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (inUse.has(client)) report(error, client, { inUse: true });
    });
  });
  pool.on("acquire", (client) => inUse.add(client));
  pool.on("release", (_error, client) => inUse.delete(client));
}
