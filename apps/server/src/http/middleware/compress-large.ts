import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { compressThresholdBytes } from "../compress-threshold.js";
import type { AppEnv } from "../env.js";
import { requestHeader } from "../request-header.js";

function isCompleteJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * gzip/deflate for bodies worth it. Hono's compress skips small bodies only when they declare
 * their length, and JSON replies do not, so a 20-byte reply was compressed on every request: a
 * JSON reply (always complete, never a stream) is measured first and given its length. Requests
 * that accept no encoding skip all of it.
 */
export function compressLarge(): MiddlewareHandler<AppEnv> {
  const gzip = compress({ threshold: compressThresholdBytes });
  return async (c, next) => {
    if (!requestHeader(c, "accept-encoding")) return next();
    return gzip(c, async () => {
      await next();
      const res = c.res;
      // Headers and status only: reading .body would turn @hono/node-server's fast response
      // (a string written at once) into a stream.
      if (res.status === 204 || res.status === 304 || res.headers.has("content-length")) return;
      if (!isCompleteJson(res.headers.get("content-type"))) return;
      const headers = new Headers(res.headers);
      const text = await res.text();
      headers.set("content-length", String(Buffer.byteLength(text)));
      c.res = undefined; // the new reply has every header already: replace, not merge
      c.res = new Response(text, { status: res.status, statusText: res.statusText, headers });
    });
  };
}
