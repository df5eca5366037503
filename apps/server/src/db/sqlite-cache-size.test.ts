import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { type Db, openDatabase } from "./database.js";

let opened: { db: Db; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of opened) {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  opened = [];
});

async function cacheSizeKib(sqliteCacheMb?: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "cache-size-"));
  const db = await openDatabase({
    dataDir: dir,
    schema: "public",
    poolSize: 1,
    ...(sqliteCacheMb === undefined ? {} : { sqliteCacheMb }),
  });
  opened.push({ db, dir });
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db.kysely);
  // Negative: KiB (positive would be pages).
  return -Number(rows[0]?.cache_size);
}

it("caps SQLite's page cache at 2 MB unless configured (not better-sqlite3's 16 MB)", async () => {
  expect(await cacheSizeKib()).toBe(2048);
  expect(await cacheSizeKib(64)).toBe(64 * 1024);
});
