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
  ["HEALTH_TIMEOUT_MS", "server.healthTimeoutMs"],
  ["WEB_DIR", "server.webDir"],
  ["TRUST_PROXY_HOPS", "server.trustProxyHops"],
  ["DATA_DIR", "database.dataDir"],
  ["DATABASE_URL", "database.url"],
  ["DATABASE_SCHEMA", "database.schema"],
  ["DATABASE_POOL_SIZE", "database.poolSize"],
  ["DATABASE_STATEMENT_TIMEOUT_MS", "database.statementTimeoutMs"],
  ["DATABASE_LOCK_TIMEOUT_MS", "database.lockTimeoutMs"],
  ["DATABASE_ACQUIRE_TIMEOUT_MS", "database.acquireTimeoutMs"],
  ["TOKEN_LIFETIME_SECONDS", "auth.tokenLifetimeSeconds"],
  ["JWT_SIGNING_KEY_PATH", "auth.signingKeyPath"],
  ["JWT_ISSUER", "auth.issuer"],
  ["JWT_AUDIENCE", "auth.audience"],
  ["ANONYMOUS_RENEWAL_DAYS", "auth.anonymousRenewalDays"],
  ["RATE_LIMIT_WINDOW_SECONDS", "rateLimit.windowSeconds"],
  ["RATE_LIMIT_SESSIONS_PER_IP", "rateLimit.anonymousSessionsPerIp"],
  ["RATE_LIMIT_API_PER_USER", "rateLimit.apiRequestsPerUser"],
  ["STREAM_RETENTION_HOURS", "stream.retentionHours"],
  ["STREAM_HEARTBEAT_SECONDS", "stream.heartbeatSeconds"],
  ["STREAM_MAX_BUFFER_BYTES", "stream.maxBufferBytes"],
  ["STREAM_STALL_TIMEOUT_SECONDS", "stream.stallTimeoutSeconds"],
  ["STREAM_MAX_CONNECTIONS_PER_USER", "stream.maxConnectionsPerUser"],
  ["OPENAI_API_KEY", "providers.openai.apiKey"],
  ["OPENAI_BASE_URL", "providers.openai.baseUrl"],
  ["ANTHROPIC_API_KEY", "providers.anthropic.apiKey"],
  ["GOOGLE_GENERATIVE_AI_API_KEY", "providers.google.apiKey"],
  ["OPENAI_COMPATIBLE_BASE_URL", "providers.compatible.baseUrl"],
  ["OPENAI_COMPATIBLE_API_KEY", "providers.compatible.apiKey"],
  ["OPENAI_COMPATIBLE_MODEL", "providers.compatible.model"],
  ["OUTBOUND_ALLOW_HOSTS", "outbound.allowHosts"],
  ["OUTBOUND_TIMEOUT_MS", "outbound.timeoutMs"],
  ["OUTBOUND_MAX_BYTES", "outbound.maxBytes"],
  ["OUTBOUND_MAX_REDIRECTS", "outbound.maxRedirects"],
  ["MCP_ANALYTICS_ENABLED", "mcp.builtin.analytics.enabled"],
  ["MCP_PRODUCT_ENABLED", "mcp.builtin.product.enabled"],
  ["MCP_PROBE_TIMEOUT_MS", "mcp.probeTimeoutMs"],
  ["MCP_PROBE_CACHE_SECONDS", "mcp.probeCacheSeconds"],
  ["LOG_LEVEL", "log.level"],
  ["SITE_SUPPORT_EMAIL", "site.supportEmail"],
  ["SITE_PRIVACY_EMAIL", "site.privacyEmail"],
  ["SITE_COMMUNITY_URL", "site.communityUrl"],
] as const;

/** Name of the environment variable that sets a dotted config key, if any. */
export function envNameFor(key: string): string | undefined {
  return envOverrides.find(([, path]) => path === key)?.[0];
}
