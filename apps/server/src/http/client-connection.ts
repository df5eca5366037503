import type { Context } from "hono";
import type { AppEnv } from "./env.js";

/** The client side of one request, for responses that stay open (live streams). */
export interface ClientConnection {
  /** True once the client's connection is gone; calls the `gone` callback if not done yet. */
  isGone(): boolean;
  /** Drops the connection at once (TCP reset), discarding whatever the kernel still queues for it. */
  reset(): void;
}

/**
 * Watches the client's connection and calls `gone` once when it closes, including when it closed
 * before this was called: @hono/node-server creates the request's abort signal only when it is
 * first read, so a client that leaves while the request is still being authenticated never
 * aborts it, and a response body whose socket is already gone is never read nor cancelled.
 */
export function watchClient(c: Context<AppEnv>, gone: () => void): ClientConnection {
  const outgoing = c.env?.outgoing;
  // Under @hono/node-server the request's signal aborts on the response's close, which is
  // watched below already; reading it would build the whole web Request (headers, body stream)
  // for nothing. Without Node's response (app.request in tests) the signal is what there is.
  const signal = outgoing ? undefined : c.req.raw.signal;
  let fired = false;
  const fire = () => {
    if (fired) return;
    fired = true;
    gone();
  };
  signal?.addEventListener("abort", fire, { once: true });
  outgoing?.once("close", fire);
  const closed = () =>
    signal?.aborted === true ||
    (outgoing !== undefined &&
      (outgoing.destroyed || outgoing.closed || outgoing.socket?.destroyed === true));
  const isGone = () => {
    if (!fired && closed()) fire();
    return fired;
  };
  isGone();
  return {
    isGone,
    reset: () => {
      const socket = outgoing?.socket;
      if (socket && !socket.destroyed) socket.resetAndDestroy();
      fire();
    },
  };
}
