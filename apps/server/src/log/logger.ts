import { type Logger, pino } from "pino";
import type { Config } from "../config/schema.js";

export type { Logger };

/** Structured JSON logger writing to stdout. */
export function createLogger(level: Config["log"]["level"]): Logger {
  return pino({
    level,
    base: { service: "a2a-chat" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
  });
}
