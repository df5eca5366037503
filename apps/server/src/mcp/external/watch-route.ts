import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import type { OutboundPolicy } from "../../net/guarded-fetch.js";
import { parseWatchQuery, watchUpstream } from "./proxy-watch.js";
import type { UpstreamServer } from "./upstream-client.js";
import { upstreamReason } from "./upstream-errors.js";

/** How often a quiet watch sends a comment, so proxies on the way keep it open. */
const keepAliveMs = 15_000;

/**
 * GET …/watch?level=…&subscribe=…: the server's notifications (log messages, resource updates,
 * list changes) as server-sent events: `ready` first (what the server offers and what was set
 * up), then one `notification` event per notification (its JSON-RPC method and params), and
 * `error` with a message when the connection breaks.
 */
export function watchResponse(
  c: Context<AppEnv>,
  server: UpstreamServer,
  policy: OutboundPolicy,
): Response {
  const request = parseWatchQuery(new URL(c.req.url));
  if ("error" in request) throw new AppError("validation_failed", request.error);
  c.header("Cache-Control", "no-cache, no-transform");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const left = new AbortController();
    stream.onAbort(() => left.abort());
    const timer = setInterval(() => {
      void stream.write(": keep-alive\n\n").catch(() => undefined);
    }, keepAliveMs);
    try {
      await watchUpstream(
        server,
        policy,
        request,
        {
          ready: (ready) => stream.writeSSE({ event: "ready", data: JSON.stringify(ready) }),
          notification: (notification) =>
            stream.writeSSE({ event: "notification", data: JSON.stringify(notification) }),
        },
        AbortSignal.any([left.signal, c.req.raw.signal]),
      );
    } catch (error) {
      if (!left.signal.aborted) {
        const { reason } = upstreamReason(error);
        await stream
          .writeSSE({ event: "error", data: JSON.stringify({ message: reason }) })
          .catch(() => undefined);
      }
    } finally {
      clearInterval(timer);
    }
  });
}
