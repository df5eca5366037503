import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { inSpan } from "../../observe/tracing.js";
import type { AppEnv } from "../env.js";
import { requestHeader } from "../request-header.js";

/** The HTTP methods a span's name may carry; anything else is "other". */
const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * One server span per request Hono answers (mounted only while tracing is on), continuing the
 * caller's W3C `traceparent` when it sends one. Named `METHOD route` after the route template
 * it matched (e.g. `POST /api/v1/agents/:name/a2a`), never the URL: its attributes are the
 * method, the template and the status, no id, query or header value. It ends with the response's
 * head, like the request metrics (a stream's body goes on after it).
 */
export function traceRequests(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const method = methods.has(c.req.method) ? c.req.method : "other";
    const parentHeaders = {
      traceparent: requestHeader(c, "traceparent"),
      tracestate: requestHeader(c, "tracestate"),
    };
    const attributes = { "http.request.method": method };
    return inSpan(method, { kind: "server", attributes, parentHeaders }, async (span) => {
      try {
        await next();
      } finally {
        const route = routePath(c) || "unmatched";
        span.rename(`${method} ${route}`);
        span.set("http.route", route);
        span.set("http.response.status_code", c.res.status);
        if (c.res.status >= 500) span.fail(String(c.res.status));
      }
    });
  };
}
