import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { testPostgresUrl } from "./postgres-probe.js";

/** A PostgreSQL schema and a data folder that server processes (replicas) share. */
export interface ProcessDatabase {
  schema: string;
  dir: string;
  /** The environment every replica starts with; `extra` adds to it. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Drops the schema and removes the folder. */
  dispose(): Promise<void>;
}

/** A fresh schema named after `prefix`, one signing key and no rate limits, for process tests. */
export function processDatabase(prefix: string): ProcessDatabase {
  const schema = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const dir = mkdtempSync(join(tmpdir(), `a2a-chat-${prefix}-`));
  return {
    schema,
    dir,
    env: (extra = {}) => ({
      DATABASE_URL: testPostgresUrl,
      DATABASE_SCHEMA: schema,
      JWT_SIGNING_KEY_PATH: join(dir, "key.json"),
      DATA_DIR: dir,
      RATE_LIMIT_SESSIONS_PER_IP: "0",
      RATE_LIMIT_API_PER_USER: "0",
      LOG_LEVEL: "warn",
      ...extra,
    }),
    dispose: async () => {
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
