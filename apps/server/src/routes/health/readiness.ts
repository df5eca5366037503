import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type {
  DatabaseDialect,
  LivenessResponse,
  ReadinessCheckName,
  ReadinessResponse,
} from "@a2a-chat/contracts";
import { Hono } from "hono";
import { migrations } from "../../db/migrations/index.js";
import type { AppEnv } from "../../http/env.js";
import { setResponseHeader } from "../../http/response-header.js";
import type { HealthCheck } from "./health.js";

/** What readiness needs besides the health check it reuses. */
export interface ReadinessOptions {
  dialect: DatabaseDialect;
  /** The data directory; on SQLite the database file lives there, so it must take writes. */
  dataDir: string;
  /** Longest the storage probe may take (the health bound). */
  timeoutMs: number;
}

type Outcome = { ok: true } | { ok: false; message: string };

/** How many migrations this build ships: the schema is current once that many are applied. */
const shippedMigrations = Object.keys(migrations).length;

/** Writes and removes a small file in the data directory, within the bound. */
async function storageWritable(dataDir: string, timeoutMs: number): Promise<Outcome> {
  const probe = join(dataDir, `.ready-probe-${process.pid}`);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          ok: false,
          message: `The data directory did not take a write within ${timeoutMs} ms.`,
        }),
      timeoutMs,
    );
  });
  const write = writeFile(probe, "ready\n")
    .then(() => rm(probe, { force: true }))
    .then(
      (): Outcome => ({ ok: true }),
      (): Outcome => ({ ok: false, message: "The data directory is not writable." }),
    );
  return Promise.race([write, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/v1/health/ready: the health check (the database asked within the health bound, the
 * drain flag, the migration level) plus a write to the data directory on SQLite. On PostgreSQL
 * everything is stored in the database, so storage passes with the database.
 */
export async function readiness(
  check: HealthCheck,
  options: ReadinessOptions,
): Promise<ReadinessResponse> {
  const [health, storage] = await Promise.all([
    check.answer(),
    options.dialect === "sqlite"
      ? storageWritable(options.dataDir, options.timeoutMs)
      : Promise.resolve<Outcome>({ ok: true }),
  ]);
  const databaseOk = health.database.status === "ok";
  const results: Record<ReadinessCheckName, Outcome> = {
    database: databaseOk
      ? { ok: true }
      : { ok: false, message: health.message ?? "The database is unavailable." },
    migrations:
      health.database.migrations >= shippedMigrations
        ? { ok: true }
        : {
            ok: false,
            message: `${health.database.migrations} of ${shippedMigrations} migrations are applied.`,
          },
    draining:
      health.status === "draining"
        ? { ok: false, message: "The server is shutting down." }
        : { ok: true },
    storage:
      options.dialect === "sqlite" || databaseOk
        ? storage
        : { ok: false, message: "The database holds the storage and is unavailable." },
  };
  const failed = (Object.keys(results) as ReadinessCheckName[]).filter((name) => !results[name].ok);
  const messages = failed.map((name) => {
    const result = results[name];
    return result.ok ? "" : result.message;
  });
  const state = (name: ReadinessCheckName): "ok" | "failed" => (results[name].ok ? "ok" : "failed");
  return {
    status: failed.length === 0 ? "ready" : "not_ready",
    checks: {
      database: state("database"),
      migrations: state("migrations"),
      draining: state("draining"),
      storage: state("storage"),
    },
    failed,
    ...(failed.length > 0 ? { message: [...new Set(messages)].join(" ") } : {}),
  };
}

/** GET /api/v1/health/live and /api/v1/health/ready, mounted beside GET /api/v1/health. */
export function probeRoutes(check: HealthCheck, options: ReadinessOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/live", (c) => {
    setResponseHeader(c, "Cache-Control", "no-store");
    const body: LivenessResponse = { status: "live" };
    return c.json(body, 200);
  });
  routes.get("/ready", async (c) => {
    const body = await readiness(check, options);
    setResponseHeader(c, "Cache-Control", "no-store");
    return c.json(body, body.status === "ready" ? 200 : 503);
  });
  return routes;
}
