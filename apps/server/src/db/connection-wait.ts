import { AsyncLocalStorage } from "node:async_hooks";
import type { PostgresPool, PostgresPoolClient } from "kysely";

/**
 * How long a piece of work may wait for a pooled database connection when every one is busy:
 * the work's own bound, not one timeout for all. A request waits at most `waitMs` for each
 * connection and stops waiting when its caller leaves (`signal`); an agent's turn waits as long
 * as its reply may last. Under overload work queues instead of failing, and a request nobody
 * waits for any more gives its place up.
 */
export interface ConnectionWait {
  /** The longest wait for one connection, in ms; 0 waits without limit. */
  waitMs: number;
  /**
   * Aborts when nobody waits for the work any more (the client closed the request). Asked for
   * only when the work must wait: a request's signal costs the HTTP adapter a full Request.
   */
  signal?: () => AbortSignal | undefined;
}

const current = new AsyncLocalStorage<ConnectionWait>();

/** Runs `work` (and everything it starts) with `wait` as its bound on connection waits. */
export function withConnectionWait<T>(wait: ConnectionWait, work: () => T): T {
  return current.run(wait, work);
}

/** The bound of the work running now, if it set one. */
export function connectionWaitNow(): ConnectionWait | undefined {
  return current.getStore();
}

/** The message pg-pool gives for its own acquire timeout, which reads as "database unavailable". */
export const acquireTimeoutMessage = "timeout exceeded when trying to connect";

/**
 * A pool whose callers wait for a free connection as long as their ConnectionWait allows
 * (`defaultWaitMs` for work that set none). A caller that gives up leaves its place in the
 * pool's queue; the connection that place gets later goes straight back.
 */
export function waitingPool(pool: PostgresPool, defaultWaitMs: number): PostgresPool {
  return {
    connect: () => {
      const wait = connectionWaitNow() ?? { waitMs: defaultWaitMs };
      return connectWithin(pool, wait);
    },
    end: () => pool.end(),
  };
}

function connectWithin(pool: PostgresPool, wait: ConnectionWait): Promise<PostgresPoolClient> {
  const { waitMs } = wait;
  const signal = wait.signal?.();
  if (signal?.aborted) return Promise.reject(new Error(acquireTimeoutMessage));
  const pending = pool.connect();
  if (waitMs <= 0 && !signal) return pending;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = () => {
      settled = true;
      if (timer) clearTimeout(timer);
      signal?.removeEventListener("abort", giveUp);
    };
    const giveUp = () => {
      if (settled) return;
      settle();
      reject(new Error(acquireTimeoutMessage));
    };
    const timer = waitMs > 0 ? setTimeout(giveUp, waitMs) : undefined;
    signal?.addEventListener("abort", giveUp, { once: true });
    pending.then(
      (client) => {
        if (settled) {
          client.release();
          return;
        }
        settle();
        resolve(client);
      },
      (error: unknown) => {
        if (settled) return;
        settle();
        reject(error);
      },
    );
  });
}
