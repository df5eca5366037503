import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../test/databases.js";
import { testPostgresUrl } from "../test/postgres-probe.js";
import { acquireTimeoutMessage, waitingPool, withConnectionWait } from "./connection-wait.js";
import { isDatabaseUnavailable } from "./unavailable.js";

const run = testDialects.includes("postgres") ? describe : describe.skip;

run("waits for a pooled connection (PostgreSQL, a pool of one)", () => {
  const pool = new pg.Pool({ connectionString: testPostgresUrl, max: 1 });
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: waitingPool(pool, 150) }),
  });
  const one = () => sql<{ n: number }>`select 1 as n`.execute(db);
  let held: pg.PoolClient;

  beforeAll(async () => {
    await one();
  });
  afterAll(async () => {
    await db.destroy();
  });

  /** Takes the only connection for `ms`, then gives it back. */
  async function holdFor(ms: number): Promise<void> {
    held = await pool.connect();
    setTimeout(() => held.release(), ms);
  }

  it("gives up after the default bound, as unavailable, when the work set none", async () => {
    await holdFor(1500);
    const error = await one().catch((e: unknown) => e);
    expect((error as Error).message).toBe(acquireTimeoutMessage);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The place it left in the queue goes straight back: the pool is whole again.
    await expect.poll(() => pool.idleCount, { timeout: 5000 }).toBe(1);
    expect((await one()).rows).toEqual([{ n: 1 }]);
  });

  it("waits as long as the work's own bound allows (a turn's), and then runs", async () => {
    await holdFor(400);
    const result = await withConnectionWait({ waitMs: 5000 }, one);
    expect(result.rows).toEqual([{ n: 1 }]);
    await holdFor(300);
    expect((await withConnectionWait({ waitMs: 0 }, one)).rows).toEqual([{ n: 1 }]);
  });

  it("stops waiting once the caller left, and not before", async () => {
    await holdFor(600);
    const caller = new AbortController();
    const waiting = withConnectionWait({ waitMs: 5000, signal: () => caller.signal }, one).catch(
      (e: unknown) => e,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    caller.abort();
    const error = await waiting;
    expect((error as Error).message).toBe(acquireTimeoutMessage);
    // A caller already gone does not queue at all.
    const gone = await withConnectionWait({ waitMs: 5000, signal: () => caller.signal }, one).catch(
      (e: unknown) => e,
    );
    expect((gone as Error).message).toBe(acquireTimeoutMessage);
    await expect.poll(() => pool.idleCount, { timeout: 5000 }).toBe(1);
    // A caller still there gets its connection when one frees.
    await holdFor(200);
    const staying = new AbortController();
    const result = await withConnectionWait({ waitMs: 5000, signal: () => staying.signal }, one);
    expect(result.rows).toEqual([{ n: 1 }]);
  });
});
