import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { Registry } from "prom-client";

/** True when the request carries `Authorization: Bearer <token>` with exactly this token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The registry in Prometheus text format, never cached. */
export async function metricsText(registry: Registry): Promise<{ body: string; type: string }> {
  return { body: await registry.metrics(), type: registry.contentType };
}

/**
 * GET /metrics on the main port: 401 without the configured bearer token. Answered by the app
 * only when a token is configured; without one (off, or a separate port) it is not found.
 */
export function metricsHandler(registry: Registry, token: string) {
  return async (c: Context) => {
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      c.header("Cache-Control", "no-store");
      return c.text("Unauthorized", 401);
    }
    const { body, type } = await metricsText(registry);
    c.header("Cache-Control", "no-store");
    return c.body(body, 200, { "Content-Type": type });
  };
}
