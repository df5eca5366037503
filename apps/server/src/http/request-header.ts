import type { Context } from "hono";
import type { AppEnv } from "./env.js";

/**
 * A request header (name in lower case). Served by Node, it is read from Node's own parsed
 * headers: asking the Request for one makes @hono/node-server build a web `Headers` object of
 * every header of the request, a cost per request that no route needs. Repeated headers read as
 * Node joins them (`Authorization` and the other single-valued ones keep their first value); in
 * process (app.request) the Request's headers are read.
 */
export function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
