import type { Context } from "hono";
import type { AppEnv } from "./env.js";

/**
 * Sets a header of the reply. Served by Node, it goes straight onto the outgoing response (sent
 * with whatever the route answers, which wins on the same name): through `c.header` it makes the
 * reply's headers a web `Headers` object, built and then converted back for Node on every
 * request. In process (app.request), or once the head is sent, it is set on the reply.
 */
export function setResponseHeader(c: Context<AppEnv>, name: string, value: string): void {
  const outgoing = c.env?.outgoing;
  if (outgoing && !outgoing.headersSent) outgoing.setHeader(name, value);
  else c.header(name, value);
}
