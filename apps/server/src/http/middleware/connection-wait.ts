import type { MiddlewareHandler } from "hono";
import { connectionWaitNow, withConnectionWait } from "../../db/connection-wait.js";

/** Sending to an agent (its JSON-RPC endpoint): the start of a turn, which may wait as long. */
const agentCall = /^\/api\/v1\/agents\/.+/;

/**
 * Bounds the request's waits for a pooled database connection (see ConnectionWait): at most
 * `waitMs` each, or `turnWaitMs` for a message to an agent (the turn it starts waits as long as
 * its reply may last), and none once the client has closed the request. A request the server
 * makes to itself from an agent's turn (its own tool servers) keeps the turn's bound.
 *
 * The client's leaving counts only while the handler runs: work the handler set going that
 * outlives it (a stream's later reads, a listener a shared component registered while serving
 * it) carries this context too, and must not stop waiting because this client left.
 */
export function connectionWaits(waitMs: number, turnWaitMs: number): MiddlewareHandler {
  return async (c, next) => {
    const own = c.req.method === "POST" && agentCall.test(c.req.path) ? turnWaitMs : waitMs;
    const bound = connectionWaitNow()?.waitMs ?? own;
    let handling = true;
    const signal = () => (handling ? c.req.raw.signal : undefined);
    try {
      await withConnectionWait({ waitMs: bound, signal }, next);
    } finally {
      handling = false;
    }
  };
}
