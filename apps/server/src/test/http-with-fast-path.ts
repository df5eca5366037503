import { Writable } from "node:stream";
import { pino } from "pino";
import type { ConfigInput } from "../config/schema.js";
import { createHttp } from "../http/app.js";
import { createServices } from "../http/services.js";
import { testSigningKey } from "./app.js";
import { testConfig } from "./config.js";
import type { TestDatabase } from "./databases.js";

/**
 * The HTTP app and its fast path as main.ts builds them, on a test database, for tests that serve
 * them over a real socket; the log lines go to `logLines` (info) when given, else nowhere.
 */
export function httpWithFastPath(
  database: TestDatabase,
  config: ConfigInput = {},
  logLines?: string[],
) {
  const full = testConfig({ ...config, database: database.config });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines?.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: logLines ? "info" : "silent" }, sink);
  const services = createServices(full, database.db, testSigningKey, logger);
  database.onDestroy(() => services.hub.close());
  return createHttp({
    config: full,
    db: database.db,
    logger,
    signingKey: testSigningKey,
    services,
  });
}
