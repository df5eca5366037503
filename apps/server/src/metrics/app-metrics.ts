import type { Config } from "../config/schema.js";
import type { Db } from "../db/database.js";
import type { Services } from "../http/services.js";
import { createMetrics, type Metrics } from "./metrics.js";

/** Whether metrics are on: a token (served on the main port) or a port of their own is set. */
export function metricsEnabled(config: Config): boolean {
  return config.metrics.token !== undefined || config.metrics.port !== undefined;
}

/** The app's metrics, fed by its services and database; undefined when metrics are off. */
export function appMetrics(config: Config, db: Db, services: Services): Metrics | undefined {
  if (!metricsEnabled(config)) return undefined;
  return createMetrics({
    streamsOpen: () => services.hub.size,
    turnsRunning: () => services.runs.taskIds.length,
    ...(db.poolState ? { pool: db.poolState } : {}),
    serverNames: new Set([
      ...Object.keys(config.mcp.builtin),
      ...config.mcp.servers.map((server) => server.name),
    ]),
  });
}
