import type { Config } from "../config/schema.js";
import type { Db } from "../db/database.js";
import type { Services } from "../http/services.js";
import { createMetrics, type Metrics, type MetricsSources, type PromClient } from "./metrics.js";

/** Whether metrics are on: a token (served on the main port) or a port of their own is set. */
export function metricsEnabled(config: Config): boolean {
  return config.metrics.token !== undefined || config.metrics.port !== undefined;
}

/** What the app's metrics read from its services and database. */
export function metricsSources(config: Config, db: Db, services: Services): MetricsSources {
  return {
    streamsOpen: () => services.hub.size,
    turnsRunning: () => services.runs.taskIds.length,
    ...(db.poolState ? { pool: db.poolState } : {}),
    ...(db.sqliteCaches ? { sqliteCaches: db.sqliteCaches } : {}),
    serverNames: new Set([
      ...Object.keys(config.mcp.builtin),
      ...config.mcp.servers.map((server) => server.name),
    ]),
  };
}

/** The app's metrics over the given prom-client. */
export function appMetrics(prom: PromClient, config: Config, db: Db, services: Services): Metrics {
  return createMetrics(prom, metricsSources(config, db, services));
}

/**
 * The app's metrics, or undefined when off. prom-client is imported only then: loading it costs
 * about 50 ms and 13 MB at start, which a server without metrics does not pay.
 */
export async function loadAppMetrics(
  config: Config,
  db: Db,
  services: Services,
): Promise<Metrics | undefined> {
  if (!metricsEnabled(config)) return undefined;
  return appMetrics(await import("prom-client"), config, db, services);
}
