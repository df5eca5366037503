import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../log/logger.js";
import { activeTraceId } from "../../observe/tracing.js";
import type { AppEnv } from "../env.js";
import { requestHeader } from "../request-header.js";
import { setResponseHeader } from "../response-header.js";

/** Header carrying the request id in both directions. */
export const traceHeader = "x-trace-id";

/** An incoming trace id is kept when it is 1 to 128 of these characters. */
const safeTraceId = /^[\w\-=]{1,128}$/;

/** A request's id: its incoming x-trace-id when safe (see above), else a new UUID. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && safeTraceId.test(incoming) ? incoming : randomUUID();
}

/**
 * The access line of a reply written before Hono, as the layer below writes it: at info, with the
 * request's id, method, path (no query), status and milliseconds since `started`.
 */
export function logAccess(
  logger: Logger,
  line: { id: string; method: string | undefined; path: string; status: number; started: number },
): void {
  if (!logger.isLevelEnabled("info")) return;
  const ms = Math.round((performance.now() - line.started) * 10) / 10;
  const { method, path, status } = line;
  logger.child({ reqId: line.id }).info({ method, path, status, ms }, "request");
}

/**
 * Gives every request an id (its trace id while tracing; else an incoming x-trace-id of up to
 * 128 safe characters is kept, or a new UUID is made) and a
 * child logger carrying it, echoes the id, and writes one access log line per request. Served by
 * Node, the id goes straight onto the outgoing response, like the security headers: set on the
 * reply it made every reply's headers a `Headers` object to build and convert again. The access
 * line is only built when its level is logged.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv>[] {
  const attach: MiddlewareHandler<AppEnv> = async (c, next) => {
    // While tracing, the id is the request's trace id (see trace-requests.ts), so logs, tool
    // executions and spans share one id.
    const id = activeTraceId() ?? requestIdOf(requestHeader(c, traceHeader));
    c.set("requestId", id);
    setResponseHeader(c, traceHeader, id);
    const log = logger.child({ reqId: id });
    c.set("log", log);
    // Below info (warn, error...) no access line is written: nothing to measure or build.
    if (!log.isLevelEnabled("info")) return next();
    const started = performance.now();
    await next();
    const line = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    // Asset hits are routine; keep them out of the default log level.
    if (c.req.path.startsWith("/api/") || c.res.status >= 500) log.info(line, "request");
    else log.debug(line, "request");
  };
  return [attach];
}
