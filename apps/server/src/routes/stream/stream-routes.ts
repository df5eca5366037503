import { Hono } from "hono";
import { watchClient } from "../../http/client-connection.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponse } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import { streamReply } from "../../http/stream-reply.js";
import { parseLastEventId } from "../../stream/sse.js";

/** GET /api/v1/stream/contexts: the caller's live event stream (server-sent events). */
export function streamRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", ...services.protect);

  routes.get("/contexts", async (c) => {
    const { userId } = c.var.auth;
    // Listening must be on before the snapshot is read, or a commit in between could be missed.
    await services.notifier.ready();
    const connection = services.hub.open(userId);
    if (!connection) {
      return errorResponse(
        c,
        "rate_limited",
        `Too many live stream connections (at most ${services.config.stream.maxConnectionsPerUser}); close another tab and try again`,
        { "Retry-After": "5" },
      );
    }
    // The slot is freed on every path: the client leaving at any moment (even before this
    // line), a failed start, the stream ending or being dropped.
    const client = watchClient(c, () => connection.close());
    connection.attach(client);
    try {
      await connection.begin(parseLastEventId(c.req.header("last-event-id")));
    } catch (error) {
      connection.close();
      throw error;
    }
    if (client.isGone()) return c.body(null, 204);
    // Open for as long as the tab is: written by a loop of ours (see http/stream-reply.ts).
    return streamReply(c, connection.stream, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
  });
  return routes;
}
