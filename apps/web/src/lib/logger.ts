/** Severity of a log line, lowest first. */
export type LogLevel = "debug" | "info" | "warn" | "error";

const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Core spec §9: the default logger level is warn, so debug and info lines stay silent. */
export const defaultLogLevel: LogLevel = "warn";

let level: LogLevel = defaultLogLevel;

/** Changes the minimum level that reaches the console (debug mode, tests). */
export function setLogLevel(next: LogLevel): void {
  level = next;
}

/** The current minimum level. */
export function getLogLevel(): LogLevel {
  return level;
}

function emit(at: LogLevel, message: string, details: unknown[]): void {
  if (order[at] < order[level]) return;
  console[at](`[a2a-chat] ${message}`, ...details);
}

/** The app's console logger, filtered by level. */
export const logger = {
  debug: (message: string, ...details: unknown[]) => emit("debug", message, details),
  info: (message: string, ...details: unknown[]) => emit("info", message, details),
  warn: (message: string, ...details: unknown[]) => emit("warn", message, details),
  error: (message: string, ...details: unknown[]) => emit("error", message, details),
};
