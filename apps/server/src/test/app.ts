import { pino } from "pino";
import type { ConfigInput } from "../config/schema.js";
import { createApp } from "../http/app.js";
import { testConfig } from "./config.js";
import type { TestDatabase } from "./databases.js";

/** The real HTTP app over a test database, logging nothing. */
export function createTestApp(
  database: TestDatabase,
  options: { config?: ConfigInput; webDir?: string } = {},
) {
  const config = testConfig(options.config);
  return createApp({
    config,
    db: database.db,
    logger: pino({ level: "silent" }),
    webDir: options.webDir,
  });
}
