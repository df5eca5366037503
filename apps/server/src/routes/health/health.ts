import { type HealthResponse, storageFullMessage } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { type MigrationLevel, migrationLevel } from "../../db/migrate.js";
import { busyBackoff, isSqliteBusy, sleep } from "../../db/sqlite-busy-retry.js";
import type { AppEnv } from "../../http/env.js";
import { setResponseHeader } from "../../http/response-header.js";
import { version } from "../../version.js";

/** What the health check needs besides the database. */
export interface HealthOptions {
  startedAt: number;
  /** Longest the check waits for the database before answering degraded. */
  timeoutMs: number;
  /** True once the server drains for a shutdown. */
  draining?: () => boolean;
}

type Probe = { ok: true; level: MigrationLevel } | { ok: false; message: string };

/**
 * How long a read migration level is reported before it is read again. Reading it lists every
 * migration and inspects the schema, far more than a check needs; it changes only when some
 * replica migrates.
 */
const levelMaxAgeMs = 10_000;

/** The health message while another process holds the SQLite file locked. */
export const databaseLockedMessage = "The database file is locked by another process.";

/** The health message when the database refused the check. */
const refusedMessage = "The database refused the health check.";

/**
 * SQLite: asks the connection (ping) until the file is not locked by another process, on timers,
 * until `deadline`; then SQLITE_BUSY is thrown.
 */
async function pingWhileLocked(ping: () => void, deadline: number): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      ping();
      return;
    } catch (error) {
      const wait = busyBackoff(attempt);
      if (!isSqliteBusy(error) || performance.now() + wait > deadline) throw error;
      await sleep(wait);
    }
  }
}

/** How often the SQLite data folder's free space is read. */
const diskCheckMs = 1000;

/** How often a missing reserve for deletes on a full disk is written again when there is room. */
const reserveCheckMs = 10_000;

/** The health check, shared by the route and the fast path answering before Hono. */
export interface HealthCheck {
  /**
   * The reply's body: at once when the database answers synchronously (SQLite once the
   * migration level is known), else a promise that settles within the time bound.
   */
  answer(): HealthResponse | Promise<HealthResponse>;
}

/** The HTTP status of a health reply. */
export function healthStatusCode(body: HealthResponse): 200 | 503 {
  return body.status === "ok" ? 200 : 503;
}

/**
 * The check behind GET /api/v1/health: `ok` when the database answered within the bound, else
 * `degraded` (or `draining` during a shutdown), always within the bound, so a load balancer's
 * check never hangs on a locked or unreachable database. Every check asks the database; no
 * answer is reused. Concurrent waiting checks share one database read.
 */
export function createHealthCheck(db: Db, options: HealthOptions): HealthCheck {
  let known: MigrationLevel = { applied: [], latest: null };
  let knownAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<Probe> | undefined;

  let levelRead: Promise<MigrationLevel> | undefined;
  const readLevel = (): Promise<MigrationLevel> => {
    levelRead ??= migrationLevel(db)
      .then((level) => {
        known = level;
        knownAt = performance.now();
        return level;
      })
      .finally(() => {
        levelRead = undefined;
      });
    return levelRead;
  };

  // Every check asks the database to answer (a trivial query; on SQLite straight on its
  // connection, not behind the queued queries); the level is read only now and then, and once
  // known it is refreshed without the check waiting for it.
  const ask = async (): Promise<MigrationLevel> => {
    if (knownAt === Number.NEGATIVE_INFINITY) return readLevel();
    if (performance.now() - knownAt >= levelMaxAgeMs) readLevel().catch(() => undefined);
    // A lock is reported a little before the bound, so the check says why it failed.
    if (db.ping) await pingWhileLocked(db.ping, performance.now() + options.timeoutMs * 0.8);
    else await sql`select 1`.execute(db.kysely);
    return known;
  };

  const read = (): Promise<Probe> =>
    ask().then(
      (level): Probe => ({ ok: true, level }),
      (error: unknown): Probe => ({
        ok: false,
        message: isSqliteBusy(error) ? databaseLockedMessage : refusedMessage,
      }),
    );

  const probe = (): Promise<Probe> => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Probe>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            ok: false,
            message: `The database did not answer within ${options.timeoutMs} ms.`,
          }),
        options.timeoutMs,
      );
    });
    return Promise.race([inFlight, late]).finally(() => clearTimeout(timer));
  };

  /**
   * SQLite, once the level is known: the connection answers synchronously or not at all, so
   * there is nothing to wait for and no timer to set (a check per request on a busy server).
   */
  const probeAtOnce = (): Probe | undefined => {
    if (!db.ping || knownAt === Number.NEGATIVE_INFINITY) return undefined;
    if (performance.now() - knownAt >= levelMaxAgeMs) readLevel().catch(() => undefined);
    try {
      db.ping();
      return { ok: true, level: known };
    } catch (error) {
      // Locked by another process: asked again on timers, within the bound (see probe).
      if (isSqliteBusy(error)) return undefined;
      return { ok: false, message: refusedMessage };
    }
  };

  let reserveCheckedAt = Number.NEGATIVE_INFINITY;
  let diskCheckedAt = Number.NEGATIVE_INFINITY;
  let disk: "ok" | "full" = "ok";
  /**
   * SQLite's disk: full, or ok (its reserve for deletes written again now and then). Asked of
   * the file system at most once a second: a load balancer may ask for health many times a second.
   */
  const storageOf = (): "ok" | "full" | undefined => {
    const { storage } = db;
    if (!storage) return undefined;
    const now = performance.now();
    if (now - diskCheckedAt < diskCheckMs) return disk;
    diskCheckedAt = now;
    disk = storage.full ? "full" : "ok";
    if (disk === "ok" && now - reserveCheckedAt >= reserveCheckMs) {
      reserveCheckedAt = now;
      storage.ensure();
    }
    return disk;
  };

  const bodyOf = (result: Probe): HealthResponse => {
    const level = result.ok ? result.level : known;
    const draining = options.draining?.() ?? false;
    const storage = storageOf();
    const full = storage === "full";
    return {
      status: draining ? "draining" : result.ok && !full ? "ok" : "degraded",
      version,
      database: {
        dialect: db.dialect,
        status: result.ok ? "ok" : "unavailable",
        migration: level.latest,
        migrations: level.applied.length,
        ...(storage ? { storage } : {}),
      },
      uptime_seconds: Math.round((Date.now() - options.startedAt) / 1000),
      ...(draining
        ? { message: "The server is shutting down." }
        : !result.ok
          ? { message: result.message }
          : full
            ? { message: storageFullMessage }
            : {}),
    };
  };

  // Learn the level now, so a check made while the database is down still reports it.
  void probe();

  return {
    answer: () => {
      const now = probeAtOnce();
      return now ? bodyOf(now) : probe().then(bodyOf);
    },
  };
}

/** GET /api/v1/health (see createHealthCheck). */
export function healthRoutes(check: HealthCheck): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => {
    const body = await check.answer();
    setResponseHeader(c, "Cache-Control", "no-store");
    return c.json(body, healthStatusCode(body));
  });
  return routes;
}
