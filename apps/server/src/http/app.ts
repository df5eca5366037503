import { analyticsBasePath } from "@a2a-chat/contracts";
import { Hono } from "hono";
import type { SigningKey } from "../auth/signing-key.js";
import type { Config } from "../config/schema.js";
import type { Db } from "../db/database.js";
import type { Logger } from "../log/logger.js";
import { appSandboxRoutes } from "../mcp/apps/sandbox-page.js";
import { externalMcpRoutes } from "../mcp/external/external-mcp-routes.js";
import { McpRegistry } from "../mcp/mcp-registry.js";
import { countedFastPath, httpMetrics } from "../metrics/http-metrics.js";
import type { Metrics } from "../metrics/metrics.js";
import { metricsHandler } from "../metrics/metrics-endpoint.js";
import { tracingOn } from "../observe/tracing.js";
import { externalAgentsRoutes } from "../proxy/external-agents-routes.js";
import { MemoryRateLimitStore } from "../rate-limit/memory-store.js";
import { countPublicHit, publicRateLimit } from "../rate-limit/public-limit.js";
import { agentsRoutes } from "../routes/agents/agents-routes.js";
import { rpcEdgeError } from "../routes/agents/rpc-edge-errors.js";
import { artifactsRoutes } from "../routes/artifacts/artifacts-routes.js";
import { oauthRoutes } from "../routes/auth/oauth-routes.js";
import { tokenEndpointPath } from "../routes/auth/token-routes.js";
import { blogEventsRoutes } from "../routes/blog/blog-events-routes.js";
import { contextBranchRoutes } from "../routes/contexts/context-branch-routes.js";
import { contextItemsRoutes } from "../routes/contexts/context-items-routes.js";
import {
  contextNotificationsRoutes,
  notificationToken,
} from "../routes/contexts/context-notifications-routes.js";
import { contextsRoutes } from "../routes/contexts/contexts-routes.js";
import {
  contextExportRoutes,
  importPath,
  importRoutes,
} from "../routes/conversations/export-routes.js";
import {
  contextShareRoutes,
  publicShareRoutes,
  sharesRoutes,
} from "../routes/conversations/share-routes.js";
import {
  contextFilesRoutes,
  filesRoutes,
  uploadPathPattern,
} from "../routes/files/files-routes.js";
import { createHealthCheck, healthRoutes } from "../routes/health/health.js";
import { probeRoutes } from "../routes/health/readiness.js";
import { limitsRoutes } from "../routes/limits/limits-routes.js";
import { mcpRoutes } from "../routes/mcp/mcp-routes.js";
import { executionsRoutes } from "../routes/mcp-executions/executions-routes.js";
import { mcpRequestsRoutes } from "../routes/mcp-requests/mcp-requests-routes.js";
import { meRoutes } from "../routes/me/me-routes.js";
import { searchRoutes } from "../routes/search/search-routes.js";
import { streamRoutes } from "../routes/stream/stream-routes.js";
import { tasksRoutes } from "../routes/tasks/tasks-routes.js";
import { jwksRoutes } from "../routes/well-known/jwks-routes.js";
import { CachedRouter } from "./cached-router.js";
import type { AppEnv } from "./env.js";
import { errorResponse, handleError } from "./errors.js";
import { fastReads } from "./fast-reads.js";
import {
  type FastPath,
  firstOf,
  healthFastPath,
  healthPath as healthRoute,
} from "./health-fast-path.js";
import { compressLarge } from "./middleware/compress-large.js";
import { connectionWaits } from "./middleware/connection-wait.js";
import { jsonBody } from "./middleware/json-body.js";
import { noNulUrl } from "./middleware/no-nul-url.js";
import { noStoreForCredentials } from "./middleware/no-store.js";
import { requestContext } from "./middleware/request-context.js";
import { appSandboxPath, securityHeaders } from "./middleware/security-headers.js";
import { tokenFirst } from "./middleware/token-first.js";
import { traceRequests } from "./middleware/trace-requests.js";
import { readFastPath } from "./read-fast-path.js";
import { selfFetch } from "./self-fetch.js";
import { createServices, type Services } from "./services.js";
import { servedSiteOrigin } from "./site-origin.js";
import { mountWebApp } from "./static.js";

/**
 * The API paths whose writes need no token: anonymous sessions, passkey ceremonies, the OAuth token
 * endpoint (each may carry an expired token on purpose) and the website's analytics beacons.
 */
const publicWritePath = /^\/api\/v1\/(core\/oauth\/(session|token|webauthn\/.*)|blog\/events\/.*)$/;

/** What the HTTP app needs from the process. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  signingKey: SigningKey;
  /** Shared services; built from the rest when not given. */
  services?: Services;
  /** Folder of the built web app; when missing only the API is served. */
  webDir?: string;
  startedAt?: number;
  /** The Prometheus metrics, when on (see loadAppMetrics). */
  metrics?: Metrics;
}

/** Builds the whole HTTP application: middleware, API routes, then the web app. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  return createHttp(deps).app;
}

/**
 * The HTTP application and what Node's request listener answers before it (/health, see
 * health-fast-path.ts), sharing its health check and per-IP rate-limit store.
 */
export function createHttp(deps: AppDeps): {
  app: Hono<AppEnv>;
  fastPath: FastPath;
  healthPath: FastPath;
  readPath: FastPath;
  /** The Prometheus metrics, when on (METRICS_TOKEN or METRICS_PORT). */
  metrics?: Metrics;
} {
  const { config, db, logger } = deps;
  const app = new Hono<AppEnv>({ router: new CachedRouter() });
  const services = deps.services ?? createServices(config, db, deps.signingKey, logger);
  services.selfFetch = selfFetch(app);
  const https = config.server.publicUrl?.startsWith("https:") ?? false;

  const { metrics } = deps;
  // First, so the request's span is active in everything after it (x-trace-id is its trace id).
  if (tracingOn()) app.use("*", traceRequests());
  if (metrics) app.use("*", httpMetrics(metrics));
  app.use("*", ...requestContext(logger));
  // Only a pool has connections to wait for (SQLite has one, in process): no context to carry.
  if (db.dialect === "postgres")
    app.use(
      "*",
      connectionWaits(config.database.acquireTimeoutMs, config.quotas.replySeconds * 1000),
    );
  app.use("*", securityHeaders({ https }));
  app.use("*", compressLarge());
  app.use("/api/*", noStoreForCredentials());
  // Kept in memory even on PostgreSQL: a request without a valid token must cost no database
  // write, and must not wait for the database (health answers "degraded" in a database outage).
  const publicStore = new MemoryRateLimitStore();
  const perIpLimit = publicRateLimit(config, publicStore);
  app.use("/api/*", perIpLimit);
  app.use("/.well-known/*", perIpLimit);
  app.use("/api/*", noNulUrl());
  // The token of a write is checked before its body is read (and a write without one reads no
  // body), so a request without a valid token never pays for a parse.
  const tokenGate = tokenFirst({
    tokens: services.tokens,
    sessions: services.sessionCheck,
    readToken: notificationToken,
    isPublicPath: (path) => publicWritePath.test(path),
    limitBytes: config.server.bodyLimitBytes,
  });
  app.use("/api/*", tokenGate.verify);
  // Beacons send their JSON as text/plain; the OAuth token endpoint takes a form.
  app.use(
    "/api/*",
    ...jsonBody(
      config.server.bodyLimitBytes,
      `${analyticsBasePath}/`,
      [tokenEndpointPath],
      (path) => uploadPathPattern.test(path) || path === importPath,
      { bodyLimitOf: tokenGate.bodyLimitOf, maxJsonValues: config.server.bodyMaxJsonValues },
    ),
  );

  const health = createHealthCheck(db, {
    startedAt: deps.startedAt ?? Date.now(),
    timeoutMs: config.server.healthTimeoutMs,
    draining: () => services.runs.draining,
  });
  const api = new Hono<AppEnv>();
  api.route("/v1/health", healthRoutes(health));
  api.route(
    "/v1/health",
    probeRoutes(health, {
      dialect: db.dialect,
      dataDir: config.database.dataDir,
      timeoutMs: config.server.healthTimeoutMs,
    }),
  );
  api.route("/v1/core/oauth", oauthRoutes(services));
  api.route("/v1/core/me", meRoutes(services));
  api.route("/v1/core/limits", limitsRoutes(config));
  // Mounted first: its paths run its own guards only, so auth and rate limit run exactly once.
  api.route("/v1/core/contexts", contextItemsRoutes(services));
  api.route("/v1/core/contexts", contextBranchRoutes(services));
  api.route("/v1/core/contexts", contextFilesRoutes(services));
  api.route("/v1/core/contexts", contextNotificationsRoutes(services));
  api.route("/v1/core/contexts", contextExportRoutes(services));
  api.route("/v1/core/contexts", contextShareRoutes(services));
  api.route("/v1/core/contexts", contextsRoutes(services));
  api.route("/v1/core/tasks", tasksRoutes(services));
  api.route("/v1/core/artifacts", artifactsRoutes(services));
  api.route("/v1/core/files", filesRoutes(services));
  api.route("/v1/core/search", searchRoutes(services));
  api.route("/v1/core/imports", importRoutes(services));
  api.route("/v1/core/shares", sharesRoutes(services));
  api.route("/v1/public/shares", publicShareRoutes(services));
  api.route("/v1/stream", streamRoutes(services));
  // One registry, so agent cards and the MCP registry share their probes of external servers.
  const mcpRegistry = new McpRegistry(config, logger);
  api.route("/v1/agents/external", externalAgentsRoutes(services));
  api.route("/v1/agents", agentsRoutes(services, deps.startedAt ?? Date.now(), mcpRegistry));
  api.route("/v1/mcp/executions", executionsRoutes(services));
  api.route("/v1/mcp/requests", mcpRequestsRoutes(services));
  api.route("/v1/mcp/external", externalMcpRoutes(services));
  api.route("/v1/mcp", mcpRoutes(services, mcpRegistry));
  api.route("/v1/blog/events", blogEventsRoutes(services));
  api.all("*", (c) =>
    errorResponse(c, "not_found", `No API route for ${c.req.method} ${c.req.path}`),
  );
  app.route("/api", api);
  // On the main port only with a token; on a port of its own see metrics-server.ts.
  if (metrics && config.metrics.token && !config.metrics.port) {
    app.get("/metrics", metricsHandler(metrics.registry, config.metrics.token));
  }
  app.route("/.well-known", jwksRoutes(services));

  app.route(appSandboxPath, appSandboxRoutes());
  const served = deps.webDir
    ? mountWebApp(app, deps.webDir, servedSiteOrigin(config, logger))
    : false;
  if (deps.webDir && !served) {
    logger.warn({ webDir: deps.webDir }, "web app not built; run `npm run build` to serve the UI");
  }

  app.notFound((c) => {
    const { path } = c.req;
    if (path === "/api" || path.startsWith("/api/") || path.startsWith("/.well-known/")) {
      return errorResponse(c, "not_found", `No API route for ${c.req.method} ${c.req.path}`);
    }
    return c.text("Not found", 404);
  });
  app.onError((error, c) => rpcEdgeError(error, c) ?? handleError(error, c));
  const healthFast = healthFastPath({
    check: health,
    logger,
    https,
    trustProxyHops: config.server.trustProxyHops,
    countHit: (ip) => countPublicHit(config, publicStore, ip),
  });
  const reads = readFastPath({
    reads: fastReads(services),
    tokens: services.tokens,
    sessions: services.sessionCheck,
    perUserLimit: services.perUserLimit,
    logger,
    https,
  });
  const healthPath = metrics ? countedFastPath(healthFast, healthRoute, metrics) : healthFast;
  const readPath = metrics ? countedFastPath(reads, "fast-read", metrics) : reads;
  return { app, fastPath: firstOf(healthPath, readPath), healthPath, readPath, metrics };
}
