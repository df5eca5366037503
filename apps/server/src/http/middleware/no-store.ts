import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.js";
import { requestHeader } from "../request-header.js";

function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * A JSON answer to a request that carried credentials is the caller's own data: no cache (the
 * browser's, a proxy's or a shared one) may keep it, so it gets Cache-Control: no-store whatever
 * the route set.
 */
export function noStoreForCredentials(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const credentialed =
      requestHeader(c, "authorization") !== undefined || c.get("auth") !== undefined;
    if (!credentialed || !isJson(c.res.headers.get("content-type"))) return;
    try {
      c.res.headers.set("Cache-Control", "no-store");
    } catch {
      // A response with immutable headers (a fetched one passed through) is copied first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Cache-Control", "no-store");
    }
  };
}
