import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "./database.js";

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
});
