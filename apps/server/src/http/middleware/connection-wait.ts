import type { MiddlewareHandler } from "hono";
import { connectionWaitNow, withConnectionWait } from "../../db/connection-wait.js";

/**
 * Bounds the request's waits for a pooled database connection (see ConnectionWait): at most
 * `waitMs` each, and none once the client has closed the request. A request the server makes
 * to itself from an agent's turn (its own tool servers) keeps the turn's longer bound.
 */
export function connectionWaits(waitMs: number): MiddlewareHandler {
  return (c, next) => {
    const outer = connectionWaitNow();
    return withConnectionWait({ waitMs: outer?.waitMs ?? waitMs, signal: c.req.raw.signal }, next);
  };
}
