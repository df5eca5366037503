import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { logAdminNotice } from "./admin/admin-notice.js";
import { startPruning } from "./auth/expired-records.js";
import { loadOrCreateSigningKey } from "./auth/signing-key.js";
import type { Config } from "./config/schema.js";
import { type Db, openDatabase } from "./db/database.js";
import { migrateWithoutTimeLimits } from "./db/migrate.js";
import { createHttp } from "./http/app.js";
import { listenerWithFastPath } from "./http/health-fast-path.js";
import { createServices, type Services } from "./http/services.js";
import { createTurnGate, gatedListener } from "./http/turn-gate.js";
import type { Logger } from "./log/logger.js";
import { loadAppMetrics } from "./metrics/app-metrics.js";
import { startMetricsServer } from "./metrics/metrics-server.js";
import { startTracing } from "./observe/tracing-sdk.js";
import { shutdownReason } from "./tasks/end-abandoned-task.js";

/** A started server and the way to stop it cleanly. */
export interface RunningServer {
  port: number;
  db: Db;
  /** The process's shared services (stream hub, runs…), for tests and diagnostics. */
  services: Services;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the database. */
  close(): Promise<void>;
}

/**
 * Connections the OS may hold waiting for the process to accept them (capped by the kernel's
 * net.core.somaxconn). Node's default, 511, overflows when hundreds of people connect within a
 * second while the event loop is busy: the kernel then drops their connection attempts, which
 * are retried only after 1, 3, 7... seconds, or fail.
 */
export const listenBacklog = 4096;

/** The built web app, found beside the server whether it runs from src/ or dist/. */
export const defaultWebDir = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Opens storage, migrates it, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const options = {
    onConnectionLost: (error: Error, { inUse }: { inUse: boolean }) =>
      logger.warn(
        { err: error, inUse },
        inUse
          ? "database connection lost mid-use; its statement fails and the pool reconnects"
          : "idle database connection lost; the pool reconnects on demand",
      ),
  };
  const db = await openDatabase(config.database, options);
  try {
    const level = await migrateWithoutTimeLimits(config.database, db, options);
    logger.info(
      { dialect: db.dialect, location: db.location, migration: level.latest },
      "database ready",
    );
  } catch (error) {
    await db.close();
    throw error;
  }
  const keyPath =
    config.auth.signingKeyPath ?? join(config.database.dataDir, "jwt-signing-key.json");
  const signingKey = await loadOrCreateSigningKey(keyPath).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  logger.info({ kid: signingKey.kid, path: keyPath }, "signing key ready");
  await logAdminNotice(db.kysely, config.auth.adminEmails, logger).catch((error: unknown) =>
    logger.warn({ err: error }, "could not check the admin accounts"),
  );
  const webDir = config.server.webDir ?? defaultWebDir;
  // Only with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT); the SDK is not loaded otherwise.
  const tracing = await startTracing(process.env, logger);
  const services = createServices(config, db, signingKey, logger);
  const metrics = await loadAppMetrics(config, db, services);
  const { app, healthPath, readPath } = createHttp({
    config,
    db,
    logger,
    webDir,
    signingKey,
    services,
    metrics,
  });
  // Before taking traffic: end the replies a previous life of this process (SQLite) or a dead
  // replica (lease run out) left running, then keep sweeping.
  await services.runs.start(services);
  // Every replica prunes spent sign-in records; concurrent prunes are harmless.
  const pruning = startPruning(db.kysely, logger);

  const listener = getRequestListener(app.fetch, { hostname: config.server.host });
  // /health is answered first, before Hono when it can be (http/health-fast-path.ts); other
  // requests wait at the turn gate while the loop lags (http/turn-gate.ts).
  const gate = createTurnGate();
  const rest = listenerWithFastPath(readPath, listener);
  const server = createServer(listenerWithFastPath(healthPath, gatedListener(gate, rest)));
  server.keepAliveTimeout = config.server.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(
      { host: config.server.host, port: config.server.port, backlog: listenBacklog },
      resolve,
    );
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ host: config.server.host, port, url: config.server.publicUrl }, "listening");
  const { port: metricsPort, token: metricsToken } = config.metrics;
  const metricsServer =
    metrics && metricsPort !== undefined
      ? await startMetricsServer(
          metrics,
          { host: config.server.host, port: metricsPort, token: metricsToken },
          logger,
        )
      : undefined;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      pruning.stop();
      await drainRuns(services, config.server.drainTimeoutMs);
      gate.close();
      // Live streams never finish by themselves; end them so the drain below can complete.
      await services.hub.close();
      await shutdown(server, db, logger, config.server.shutdownTimeoutMs);
      await metricsServer?.close();
      metrics?.stop();
      // The last spans (the shutdown's requests) are sent before the process exits.
      await tracing?.shutdown();
    })();
    return closing;
  };
  return { port, db, services, close };
}

/**
 * Refuses new turns, lets the running ones finish within `timeoutMs`, then ends the rest as
 * failed (text kept, reason given) and says which.
 */
async function drainRuns(services: Services, timeoutMs: number): Promise<void> {
  const { runs, logger } = services;
  runs.draining = true;
  runs.stop();
  const running = runs.taskIds;
  if (running.length === 0) return;
  logger.info({ taskIds: running, timeoutMs }, "waiting for running replies to finish");
  if (await runs.whenIdle(timeoutMs)) return;
  const cut = runs.cutAll(shutdownReason);
  logger.warn(
    { taskIds: cut },
    "replies still running at shutdown were ended; their text so far was kept",
  );
  // Their ends are a few database writes; bounded in case the database is gone too.
  if (!(await runs.whenIdle(5000))) {
    logger.error({ taskIds: runs.taskIds }, "replies could not be ended before shutdown");
  }
}

async function shutdown(server: Server, db: Db, logger: Logger, timeoutMs: number): Promise<void> {
  logger.info({ timeoutMs }, "shutting down");
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  // Keep-alive sockets that finish a response after close() would otherwise linger idle.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const outcome = await Promise.race([drained.then(() => "drained" as const), timedOut]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (outcome === "timeout") {
    logger.warn("in-flight requests did not finish in time; closing their connections");
    server.closeAllConnections();
    await drained;
  }
  await db.close();
  logger.info("shutdown complete");
}
