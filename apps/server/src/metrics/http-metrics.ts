import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../http/env.js";
import type { Metrics } from "./metrics.js";

/**
 * Counts each request Hono answers under the route template it matched (Hono's route path, e.g.
 * `/api/v1/core/tasks/:taskId`), never the URL: a label carries no id or user input.
 */
export function httpMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = routePath(c) || "unmatched";
      metrics.observeRequest(
        c.req.method,
        route,
        c.res.status,
        (performance.now() - started) / 1000,
      );
    }
  };
}

/** A request listener step that answers before Hono (see health-fast-path.ts). */
type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A fast path whose answers are counted under a fixed route label. */
export function countedFastPath(path: FastPath, route: string, metrics: Metrics): FastPath {
  return (req, res) => {
    const started = performance.now();
    if (!path(req, res)) return false;
    res.once("finish", () =>
      metrics.observeRequest(
        req.method ?? "other",
        route,
        res.statusCode,
        (performance.now() - started) / 1000,
      ),
    );
    return true;
  };
}
