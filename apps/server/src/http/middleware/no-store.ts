import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.js";
import { requestHeader } from "../request-header.js";

function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** Sets no-store on a reply, copying a response whose headers are immutable (a fetched one). */
function setNoStore(c: Parameters<MiddlewareHandler<AppEnv>>[0]): void {
  try {
    c.res.headers.set("Cache-Control", "no-store");
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("Cache-Control", "no-store");
  }
}

/**
 * An answer to a request that carried credentials is the caller's own data: no cache (the
 * browser's, a proxy's or a shared one) may keep it. A request with an Authorization header gets
 * Cache-Control: no-store on its reply unless the route chose its own (an event stream's
 * no-cache, a file's private no-store, a public agent card's no-store for a caller with a token);
 * served by Node it goes onto the outgoing response before the route runs, so the reply's headers
 * are never read. A JSON answer to a request authenticated by another header (a push token) gets
 * no-store whatever the route set.
 */
export function noStoreForCredentials(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bearer = requestHeader(c, "authorization") !== undefined;
    const outgoing = c.env?.outgoing;
    if (bearer && outgoing && !outgoing.headersSent) {
      outgoing.setHeader("Cache-Control", "no-store");
      await next();
      return;
    }
    await next();
    if (bearer) {
      if (!c.res.headers.has("cache-control")) setNoStore(c);
      return;
    }
    if (c.get("auth") !== undefined && isJson(c.res.headers.get("content-type"))) setNoStore(c);
  };
}
