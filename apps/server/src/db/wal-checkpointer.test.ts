import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "./database.js";
import { startWalCheckpointer } from "./wal-checkpointer.js";

describe("SQLite WAL checkpoints in their own thread", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  async function open(): Promise<{ db: Db; file: string }> {
    const dir = mkdtempSync(join(tmpdir(), "a2a-chat-wal-"));
    dirs.push(dir);
    const db = await openDatabase({ dataDir: dir, schema: "public", poolSize: 1 });
    return { db, file: db.location };
  }

  it("leaves the server's connection without automatic checkpoints and copies every frame", async () => {
    const { db, file } = await open();
    try {
      const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        db.kysely,
      );
      expect(auto.rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table t (id integer primary key, v text)`.execute(db.kysely);
      // Past the 1,000 pages at which SQLite would have checkpointed inside a commit.
      for (let i = 0; i < 300; i++) {
        await sql`insert into t (v) values (${"x".repeat(8000)})`.execute(db.kysely);
      }
      const result = await db.walCheckpoint?.();
      expect(result?.busy).toBe(0);
      expect(result?.log).toBeGreaterThan(1000);
      expect(result?.checkpointed).toBe(result?.log);
      // What was copied is there for a new connection after the log is gone (closed below).
    } finally {
      await db.close();
    }
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = await openDatabase({ dataDir: join(file, ".."), schema: "public", poolSize: 1 });
    try {
      const count = await sql<{ n: number }>`select count(*) as n from t`.execute(again.kysely);
      expect(count.rows[0]?.n).toBe(300);
    } finally {
      await again.close();
    }
  });

  it("stops the thread on close, a checkpoint after it refused", async () => {
    const { db } = await open();
    await sql`create table t (id integer primary key)`.execute(db.kysely);
    await db.walCheckpoint?.();
    await db.close();
    await expect(db.walCheckpoint?.()).rejects.toThrow(/stopped/);
  });

  it("copies nothing into the database file while held, and catches up once let go", async () => {
    const dir = mkdtempSync(join(tmpdir(), "a2a-chat-wal-hold-"));
    dirs.push(dir);
    const file = join(dir, "held.sqlite");
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("wal_autocheckpoint = 0");
    sqlite.exec("create table t (id integer primary key, v text)");
    const insert = sqlite.prepare("insert into t (v) values (?)");
    for (let i = 0; i < 200; i++) insert.run("x".repeat(4000));
    const before = statSync(file).size;
    let held = true;
    let asked = 0;
    const checkpointer = startWalCheckpointer(file, {
      everyMs: 20,
      onFailure: () => {},
      hold: () => {
        asked += 1;
        return held;
      },
    });
    try {
      // Several ticks asked and were held: nothing was copied.
      await expect.poll(() => asked, { timeout: 5000 }).toBeGreaterThan(3);
      expect(statSync(file).size).toBe(before);
      held = false;
      await expect
        .poll(() => statSync(file).size, { timeout: 5000 })
        .toBeGreaterThan(before + 200 * 4000);
    } finally {
      await checkpointer.close();
      sqlite.close();
    }
  });
});
