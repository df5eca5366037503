import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors.js";
import { testDialects } from "../test/databases.js";
import { testPostgresUrl } from "../test/postgres-probe.js";
import { freePort } from "../test/server-process.js";
import { openDatabase } from "./database.js";
import { isDatabaseUnavailable } from "./unavailable.js";

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("isDatabaseUnavailable", () => {
  it("is false for bugs and for errors meant for the caller", () => {
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(new AppError("conflict", "Task is already completed"))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  it("is true for an error whose cause is an outage", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: refused }))).toBe(true);
  });

  it("is true when another process holds the SQLite file's write lock", async () => {
    const dir = mkdtempSync(join(tmpdir(), "a2a-chat-busy-"));
    const db = await openDatabase({
      dataDir: dir,
      schema: "public",
      poolSize: 1,
      lockTimeoutMs: 50,
    });
    const other = new SqliteDatabase(join(dir, "a2a-chat.sqlite"));
    try {
      await sql`create table t (x integer)`.execute(db.kysely);
      other.exec("begin immediate");
      const error = await failure(sql`insert into t values (1)`.execute(db.kysely));
      expect(error).toMatchObject({ code: "SQLITE_BUSY" });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      other.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const onPostgres = testDialects.includes("postgres") ? describe : describe.skip;

onPostgres("isDatabaseUnavailable on PostgreSQL", () => {
  const settings = { dataDir: tmpdir(), schema: "public", poolSize: 1 };

  it("is true for a refused connection", async () => {
    const port = await freePort();
    const db = await openDatabase({ ...settings, url: `postgres://127.0.0.1:${port}/test` });
    try {
      const error = await failure(sql`select 1`.execute(db.kysely));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it("is true for the statement timeout and the lock timeout", async () => {
    const db = await openDatabase({
      ...settings,
      url: testPostgresUrl,
      statementTimeoutMs: 300,
      lockTimeoutMs: 100,
    });
    const holder = new pg.Client({ connectionString: testPostgresUrl });
    await holder.connect();
    const lock = 424_242 + (process.pid % 1000);
    try {
      const slow = await failure(sql`select pg_sleep(1)`.execute(db.kysely));
      expect(slow).toMatchObject({ code: "57014" });
      expect(isDatabaseUnavailable(slow)).toBe(true);

      await holder.query("select pg_advisory_lock($1)", [lock]);
      const locked = await failure(sql`select pg_advisory_xact_lock(${lock})`.execute(db.kysely));
      expect(locked).toMatchObject({ code: "55P03" });
      expect(isDatabaseUnavailable(locked)).toBe(true);
    } finally {
      await holder.end();
      await db.close();
    }
  });

  it("is true for the pool acquire timeout", async () => {
    const db = await openDatabase({ ...settings, url: testPostgresUrl, acquireTimeoutMs: 300 });
    try {
      // Opening the one connection is bounded too: on a loaded machine it may take a few tries.
      for (let tries = 1; ; tries += 1) {
        const error = await sql`select 1`.execute(db.kysely).then(
          () => undefined,
          (e) => e,
        );
        if (!error) break;
        if (tries === 10) throw error;
      }
      // The one pooled connection is busy: the next query waits for it, then gives up.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const busy = db.kysely.transaction().execute(() => held);
      const waited = await failure(sql`select 1`.execute(db.kysely));
      release();
      await busy;
      expect(waited).toMatchObject({ message: "timeout exceeded when trying to connect" });
      expect(isDatabaseUnavailable(waited)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
