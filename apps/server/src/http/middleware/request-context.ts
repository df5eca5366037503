import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { Logger } from "../../log/logger.js";
import type { AppEnv } from "../env.js";

/** Header carrying the request id in both directions. */
export const traceHeader = "x-trace-id";

/**
 * Gives every request an id (an incoming x-trace-id of up to 128 safe characters is kept) and a
 * child logger carrying it, echoes the id, and writes one access log line per request.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv>[] {
  const assignId = requestId({ headerName: traceHeader, limitLength: 128 });
  const attachLogger: MiddlewareHandler<AppEnv> = async (c, next) => {
    const log = logger.child({ reqId: c.var.requestId });
    c.set("log", log);
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
  return [assignId, attachLogger];
}
