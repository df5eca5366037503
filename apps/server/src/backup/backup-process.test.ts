import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { contextRecordSchema, tokenReplySchema } from "@a2a-chat/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteFileName } from "../db/database.js";
import { type ServerProcess, sourceEntry, startServerProcess } from "../test/server-process.js";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Runs the backup command from source, as `npm run backup -- <file>` runs its bundle. */
function runBackup(
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...sourceEntry("backup"), ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk) => {
      err += chunk.toString();
    });
    child.once("error", reject);
    // After the pipes closed: the exit can be reported before the last output was read.
    child.once("close", (code) => resolve({ code, out, err }));
  });
}

describe("npm run backup", () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "a2a-chat-backup-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("copies the database while the server writes, and the copy serves a second server", async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_API_PER_USER: "0" };
    const server = await startServerProcess(env);
    servers.push(server);
    const session = await fetch(`${server.url}/api/v1/core/oauth/session`, { method: "POST" });
    const token = tokenReplySchema.parse(await session.json()).access_token;
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const create = async (name: string) => {
      const res = await fetch(`${server.url}/api/v1/core/contexts`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name }),
      });
      expect(res.status).toBe(201);
      return contextRecordSchema.parse(await res.json()).context_id;
    };
    const before: string[] = [];
    for (let i = 0; i < 20; i += 1) before.push(await create(`before ${i}`));

    // Writes go on, one after another, for as long as the backup runs.
    let writing = true;
    const during: string[] = [];
    const writer = (async () => {
      while (writing) during.push(await create(`during ${during.length}`));
    })();
    const copyDir = tempDir();
    const target = join(copyDir, sqliteFileName);
    const backup = await runBackup({ DATA_DIR: dataDir }, [target]);
    writing = false;
    await writer;
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^Backed up \d+ pages \(\d+ bytes\) to /);
    expect(during.length).toBeGreaterThan(0);

    // Restore: the copy and the signing key (so the session's token still verifies) in a data
    // folder of their own, and a second server started on it.
    copyFileSync(join(dataDir, "jwt-signing-key.json"), join(copyDir, "jwt-signing-key.json"));
    const restored = await startServerProcess({ DATA_DIR: copyDir, LOG_LEVEL: "warn" });
    servers.push(restored);
    const list = await fetch(`${restored.url}/api/v1/core/contexts?limit=500`, { headers });
    expect(list.status).toBe(200);
    const ids = new Set(
      ((await list.json()) as unknown[]).map((row) => contextRecordSchema.parse(row).context_id),
    );
    for (const id of before) expect(ids.has(id)).toBe(true);
    // A consistent moment: the "during" writes it has are a prefix of those made.
    const kept = during.filter((id) => ids.has(id));
    expect(kept).toEqual(during.slice(0, kept.length));
    expect(ids.size).toBe(before.length + kept.length);
    // The restored server takes writes.
    const more = await fetch(`${restored.url}/api/v1/core/contexts`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "after restore" }),
    });
    expect(more.status).toBe(201);
  }, 120_000);

  it("refuses a missing argument, a missing database and a PostgreSQL configuration", async () => {
    const dataDir = tempDir();
    const missing = await runBackup({ DATA_DIR: dataDir }, []);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("Usage: npm run backup -- <file>");
    const noDatabase = await runBackup({ DATA_DIR: dataDir }, [join(dataDir, "copy.sqlite")]);
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.err).toBe(
      `The backup failed: No database at ${join(dataDir, sqliteFileName)}.\n`,
    );
    const postgres = await runBackup(
      { DATA_DIR: dataDir, DATABASE_URL: "postgres://127.0.0.1:5432/test" },
      [join(dataDir, "copy.sqlite")],
    );
    expect(postgres.code).toBe(2);
    expect(postgres.err).toContain("back PostgreSQL up with pg_dump");
  });
});
