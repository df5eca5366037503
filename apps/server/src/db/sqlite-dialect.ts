import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteQueryCompiler,
} from "kysely";
import { BusyRetryConnection, LockWatch } from "./sqlite-busy-retry.js";

/** A whole number that can be written into SQL as it is. */
function literalInteger(node: OperationNode): number | undefined {
  if (node.kind !== "ValueNode") return undefined;
  const { value } = node as OperationNode & { value: unknown };
  return typeof value === "number" && Number.isSafeInteger(value) ? value : undefined;
}

/**
 * Writes a whole-number LIMIT or OFFSET into the SQL instead of binding it. SQLite plans with the
 * value of a bound LIMIT, so binding one again (every run of a kept statement) expires the
 * statement and SQLite parses and plans the query anew each time: twelve of an empty page's
 * fifteen microseconds. Only safe integers are written, as digits; anything else stays a
 * parameter. Each page size is its own SQL text, so its own kept statement.
 */
export class SqliteLiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const value = literalInteger(node.limit);
    if (value === undefined) super.visitLimit(node);
    else this.append(`limit ${value}`);
  }

  protected override visitOffset(node: OffsetNode): void {
    const value = literalInteger(node.offset);
    if (value === undefined) super.visitOffset(node);
    else this.append(`offset ${value}`);
  }
}

/**
 * Kysely's SQLite driver, noting whether its one connection is held: from the moment a query or
 * transaction has it until it is given back (a transaction holds it across its awaits).
 */
class HeldConnectionDriver implements Driver {
  held = 0;
  destroyed = false;
  constructor(
    private readonly inner: Driver,
    private readonly lockTimeoutMs: number,
    private readonly watch: LockWatch,
  ) {}
  init(): Promise<void> {
    return this.inner.init();
  }
  /**
   * The connection, retrying its statements on a file locked by another process until the lock
   * timeout counted from now: a request queued behind one that waits is bounded from when it
   * asked, not from when its turn came.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    const deadline = performance.now() + this.lockTimeoutMs;
    const connection = await this.inner.acquireConnection();
    this.held += 1;
    return new BusyRetryConnection(connection, deadline, this.watch);
  }
  beginTransaction(...args: Parameters<Driver["beginTransaction"]>): Promise<void> {
    return this.inner.beginTransaction(...args);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  /**
   * SQLite rolls a transaction back by itself after some errors (SQLITE_FULL, SQLITE_IOERR, a
   * busy deadlock); Kysely's ROLLBACK then fails with "no transaction is active", and that error
   * would replace the one that explains the failure (a full disk became a 500).
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes("no transaction is active"))) {
        throw error;
      }
    }
  }
  savepoint(...args: Parameters<NonNullable<Driver["savepoint"]>>): Promise<void> {
    return this.inner.savepoint?.(...args) ?? Promise.resolve();
  }
  rollbackToSavepoint(
    ...args: Parameters<NonNullable<Driver["rollbackToSavepoint"]>>
  ): Promise<void> {
    return this.inner.rollbackToSavepoint?.(...args) ?? Promise.resolve();
  }
  releaseSavepoint(...args: Parameters<NonNullable<Driver["releaseSavepoint"]>>): Promise<void> {
    return this.inner.releaseSavepoint?.(...args) ?? Promise.resolve();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.held -= 1;
    await this.inner.releaseConnection(connection);
  }
  destroy(): Promise<void> {
    this.destroyed = true;
    return this.inner.destroy();
  }
}

/**
 * Kysely's SQLite dialect with LIMIT and OFFSET written as literals (see above), which also says
 * when its one connection is free, so a read may run on it at once (database.ts `readNow`).
 */
export class SqliteLiteralLimitDialect extends SqliteDialect {
  #driver: HeldConnectionDriver | undefined;
  /** Whether a query waits on a lock another process holds (see sqlite-busy-retry.ts). */
  readonly lockWatch = new LockWatch();

  constructor(
    config: SqliteDialectConfig,
    /** How long a query may keep trying a file another process holds locked. */
    private readonly lockTimeoutMs = 5000,
  ) {
    super(config);
  }

  override createQueryCompiler(): QueryCompiler {
    return new SqliteLiteralLimitCompiler();
  }

  override createDriver(): Driver {
    this.#driver = new HeldConnectionDriver(
      super.createDriver(),
      this.lockTimeoutMs,
      this.lockWatch,
    );
    return this.#driver;
  }

  /**
   * No query or transaction holds the connection and Kysely has not closed it: a statement run
   * now, synchronously, cannot land inside another request's transaction (JavaScript runs
   * nothing else meanwhile) nor see its uncommitted writes.
   */
  get free(): boolean {
    const driver = this.#driver;
    return driver !== undefined && driver.held === 0 && !driver.destroyed;
  }
}

/** The rows of a compiled read, run at once when the dialect's connection is free. */
export type ReadNow = <R>(query: CompiledQuery<R>) => R[] | undefined;
