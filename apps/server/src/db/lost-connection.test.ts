import { sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { testDialects } from "../test/databases.js";
import { runAsAdmin, testPostgresUrl } from "../test/postgres-probe.js";
import { openDatabase } from "./database.js";

const run = testDialects.includes("postgres") ? describe : describe.skip;

run("a PostgreSQL connection ended while a transaction holds it", () => {
  const schema = `lost_${process.pid}_${Date.now().toString(36)}`;
  afterAll(() => runAsAdmin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));

  it("fails that transaction's next statement and is reported, not thrown at the process", async () => {
    const lost: { message: string; inUse: boolean }[] = [];
    const db = await openDatabase(
      { dataDir: ".", url: testPostgresUrl, schema, poolSize: 2, acquireTimeoutMs: 10_000 },
      { onConnectionLost: (error, { inUse }) => lost.push({ message: error.message, inUse }) },
    );
    try {
      const outcome = db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        // Between two statements the connection is checked out and no query is active: the
        // pool's own listener is off it, so before the fix its error crashed the process.
        await runAsAdmin(`SELECT pg_terminate_backend(${rows[0]?.pid})`);
        await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 10_000 });
        // The socket's close comes after the server's message; the second error with it.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      });
      await expect(outcome).rejects.toThrow();
      // Reported once, though node-postgres errs again as the socket closes.
      expect(lost).toEqual([
        { message: "terminating connection due to administrator command", inUse: true },
      ]);
      // The pool dropped the dead connection and serves the next query on a new one.
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db.kysely);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  }, 30_000);
});
