/**
 * Environment variables that override config file keys. Each entry is the env name and the
 * dotted key it sets; the loader applies them after the file and before validation.
 */
export const envOverrides = [
  ["HOST", "server.host"],
  ["PORT", "server.port"],
  ["PUBLIC_URL", "server.publicUrl"],
  ["BODY_LIMIT_BYTES", "server.bodyLimitBytes"],
  ["SHUTDOWN_TIMEOUT_MS", "server.shutdownTimeoutMs"],
  ["WEB_DIR", "server.webDir"],
  ["DATA_DIR", "database.dataDir"],
  ["DATABASE_URL", "database.url"],
  ["DATABASE_SCHEMA", "database.schema"],
  ["DATABASE_POOL_SIZE", "database.poolSize"],
  ["LOG_LEVEL", "log.level"],
] as const;

/** Name of the environment variable that sets a dotted config key, if any. */
export function envNameFor(key: string): string | undefined {
  return envOverrides.find(([, path]) => path === key)?.[0];
}
