import { pino } from "pino";
import { generateSigningKey, type SigningKey } from "../auth/signing-key.js";
import type { ConfigInput } from "../config/schema.js";
import { createApp } from "../http/app.js";
import { createServices } from "../http/services.js";
import { appMetrics, metricsEnabled } from "../metrics/app-metrics.js";
import { testConfig } from "./config.js";
import type { TestDatabase } from "./databases.js";

/** One signing key per test file: generating keys is the slow part of building an app. */
export const testSigningKey: SigningKey = (await generateSigningKey()).key;

/** prom-client for apps whose config turns metrics on (the server loads it only then). */
const promClient = await import("prom-client");

/** The real HTTP app over a test database, logging nothing. */
export function createTestApp(
  database: TestDatabase,
  options: { config?: ConfigInput; webDir?: string; signingKey?: SigningKey } = {},
) {
  const config = testConfig({
    ...options.config,
    database: { ...database.config, ...options.config?.database },
  });
  const logger = pino({ level: "silent" });
  const signingKey = options.signingKey ?? testSigningKey;
  const services = createServices(config, database.db, signingKey, logger);
  database.onDestroy(() => services.hub.close());
  const metrics = metricsEnabled(config)
    ? appMetrics(promClient, config, database.db, services)
    : undefined;
  database.onDestroy(async () => metrics?.stop());
  const app = createApp({
    config,
    db: database.db,
    logger,
    webDir: options.webDir,
    signingKey,
    services,
    metrics,
  });
  return Object.assign(app, { services });
}
