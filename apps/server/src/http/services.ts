import type { MiddlewareHandler } from "hono";
import { TaskRuns } from "../agents/task-runs.js";
import { ToolListCache } from "../agents/tool-list-cache.js";
import {
  activeSessions,
  cachedSessionCheck,
  type SessionCheck,
} from "../auth/active-session-cache.js";
import { requireAuth } from "../auth/require-auth.js";
import type { SigningKey } from "../auth/signing-key.js";
import { TokenService } from "../auth/token-service.js";
import type { Config } from "../config/schema.js";
import type { Db } from "../db/database.js";
import { SessionsRepository } from "../db/repositories/sessions.js";
import { UsersRepository } from "../db/repositories/users.js";
import type { Logger } from "../log/logger.js";
import { DbRateLimitStore } from "../rate-limit/db-store.js";
import { MemoryRateLimitStore } from "../rate-limit/memory-store.js";
import { type RateLimitOptions, rateLimit, userLimitKey } from "../rate-limit/rate-limit.js";
import type { RateLimitStore } from "../rate-limit/store.js";
import { EventLog } from "../stream/event-log.js";
import { type EventNotifier, LocalNotifier } from "../stream/notifier.js";
import { PgNotifier } from "../stream/pg-notifier.js";
import { StreamHub } from "../stream/stream-hub.js";
import type { CommandServices } from "../tasks/command-services.js";
import type { AppEnv } from "./env.js";

/** What route modules are built from: repositories, token service and the shared guards. */
export interface Services extends CommandServices {
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: TokenService;
  rateLimits: RateLimitStore;
  hub: StreamHub;
  /** The agent turns this process runs, their leases and the sweep for abandoned ones. */
  runs: TaskRuns;
  /** The built-in MCP servers' tool lists per caller scopes, so a turn lists them once. */
  toolLists: ToolListCache;
  /** requireAuth plus the per-user API limit; put in front of every protected route. */
  protect: MiddlewareHandler<AppEnv>[];
  /** The session check requireAuth uses (cached on SQLite's single process). */
  sessionCheck: SessionCheck;
  /** The per-user API limit's settings, keyed by userLimitKey. */
  perUserLimit: Pick<RateLimitOptions, "store" | "limit" | "windowSeconds">;
  /**
   * The app's own fetch handler, set by createApp: the agent runtime reaches our own protocol
   * endpoints (built-in MCP servers) through it without a socket, exactly as over HTTP.
   */
  selfFetch?: typeof fetch;
}

/** Token issuer: the configured one, else the public URL, else the product name. */
export function tokenIssuer(config: Config): string {
  return config.auth.issuer ?? config.server.publicUrl ?? "a2a-chat";
}

export function createServices(
  config: Config,
  db: Db,
  signingKey: SigningKey,
  logger: Logger,
): Services {
  const users = new UsersRepository(db.kysely);
  const sessions = new SessionsRepository(db.kysely);
  const tokens = new TokenService(signingKey, {
    issuer: tokenIssuer(config),
    audience: config.auth.audience,
    lifetimeSeconds: config.auth.tokenLifetimeSeconds,
  });
  // PostgreSQL deployments may run several replicas, which must share their windows.
  const rateLimits: RateLimitStore =
    db.dialect === "postgres" ? new DbRateLimitStore(db.kysely) : new MemoryRateLimitStore();
  const perUserLimit = {
    store: rateLimits,
    limit: config.rateLimit.apiRequestsPerUser,
    windowSeconds: config.rateLimit.windowSeconds,
  };
  const perUser = rateLimit({ ...perUserLimit, keyOf: (c) => userLimitKey(c.get("auth").userId) });
  // One SQLite server process sees its own revocations and, through the file's change counter,
  // those of the admin command; PostgreSQL replicas read the session each time.
  const sessionCheck =
    db.dialect === "sqlite"
      ? cachedSessionCheck(sessions, activeSessions, db.changeCount)
      : sessions;
  const events = new EventLog(db.dialect, db.location);
  const notifier: EventNotifier =
    db.dialect === "postgres" && config.database.url
      ? new PgNotifier(config.database.url, db.location, logger)
      : new LocalNotifier();
  const hub = new StreamHub({
    db,
    events,
    notifier,
    logger,
    heartbeatMs: config.stream.heartbeatSeconds * 1000,
    maxConnectionsPerUser: config.stream.maxConnectionsPerUser,
    maxBufferBytes: config.stream.maxBufferBytes,
    stallTimeoutMs: config.stream.stallTimeoutSeconds * 1000,
    retentionMs: config.stream.retentionHours * 3_600_000,
    snapshotMaxConversations: config.stream.snapshotMaxConversations,
  });
  const runs = new TaskRuns({
    db,
    logger,
    leaseMs: config.runs.leaseSeconds * 1000,
    saveIntervalMs: config.runs.replySaveIntervalMs,
  });
  return {
    config,
    db,
    logger,
    runs,
    toolLists: new ToolListCache(),
    users,
    sessions,
    tokens,
    rateLimits,
    events,
    notifier,
    hub,
    protect: [requireAuth(tokens, sessionCheck), perUser],
    sessionCheck,
    perUserLimit,
  };
}
