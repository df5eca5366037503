import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Bounds how much new request work one turn of the event loop starts while the process is
 * overloaded, so that every turn stays short.
 *
 * Node 20 accepts one connection per event-loop turn, and each turn starts every request that
 * arrived during the last one. When the process is saturated, turns last tens to hundreds of
 * milliseconds and new connections (a load balancer's health check among them) wait for seconds
 * in the kernel's listen queue. While the loop lags, the gate queues new requests instead
 * and starts them from the check phase, about `budgetMs` of work per turn (at least
 * one request): turns stay a few milliseconds long, connections are accepted at once, and
 * /health, answered before the gate, within a turn or two. The work is the same; what waits is
 * the queued requests, in the process instead of in the kernel. As the kernel's queue did, the
 * gate serves the clients it already serves first (a reply to send, a conversation to open):
 * a newcomer's first request waits behind them, but gets one start in `newcomerEvery`.
 *
 * Each queued request starts in an immediate of its own, so the promise jobs it runs before its
 * first real wait (SQLite's queries resolve at once) count against the turn's budget.
 */
export interface TurnGate {
  /**
   * Runs `start` now, or later while the loop lags; skipped if `gone` by then. Requests of
   * `known` clients (on a connection that already carried one) go first, in arrival order; a
   * newcomer's request goes after them, but no later than every `newcomerEvery`th start.
   */
  admit(start: () => void, options?: { gone?: () => boolean; known?: boolean }): void;
  /** Requests waiting to start. */
  readonly waiting: number;
  /** Starts the queued requests at once and stops watching the loop. */
  close(): void;
}

export interface TurnGateOptions {
  /** Work started from the queue per turn, in milliseconds; at least one request starts. */
  budgetMs?: number;
  /** While both wait, one start in this many goes to a newcomer's request. */
  newcomerEvery?: number;
  /** Whether the loop lags now; by default a 10 ms timer's lateness over `lagMs`. */
  lagging?: () => boolean;
  /** Lateness of the loop that counts as overload, in milliseconds. */
  lagMs?: number;
}

/** Immediates per turn: the most requests one turn can start. */
const perTurn = 32;
const watchEveryMs = 10;
/** The loop watch stops after this long without requests (an idle server sets no timer). */
const watchIdleMs = 1000;

/** Lateness of a 10 ms timer, watched only while requests come. */
function loopWatch(lagMs: number): { lagging(): boolean; touch(): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let expected = 0;
  let late = false;
  let lastTouch = 0;
  const tick = () => {
    const now = performance.now();
    late = now - expected > lagMs;
    expected = now + watchEveryMs;
    if (now - lastTouch > watchIdleMs) stop();
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    late = false;
  };
  return {
    lagging: () => late,
    touch() {
      lastTouch = performance.now();
      if (timer) return;
      expected = lastTouch + watchEveryMs;
      timer = setInterval(tick, watchEveryMs);
      timer.unref();
    },
    stop,
  };
}

interface Waiting {
  start: () => void;
  gone?: () => boolean;
}

/** A first-in, first-out queue that skips requests whose client left. */
class Line {
  private items: (Waiting | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: Waiting): void {
    this.items.push(item);
  }

  take(): Waiting | undefined {
    while (this.head < this.items.length) {
      const item = this.items[this.head];
      this.items[this.head] = undefined;
      this.head += 1;
      if (this.head === this.items.length) {
        this.items = [];
        this.head = 0;
      }
      if (item && !item.gone?.()) return item;
    }
    return undefined;
  }
}

export function createTurnGate(options: TurnGateOptions = {}): TurnGate {
  const budgetMs = options.budgetMs ?? 0.5;
  const newcomerEvery = options.newcomerEvery ?? 4;
  const watch = options.lagging ? undefined : loopWatch(options.lagMs ?? 5);
  const lagging = options.lagging ?? (() => watch?.lagging() === true);
  const known = new Line();
  const newcomers = new Line();
  let sinceNewcomer = 0;
  let closed = false;
  let batch = { pending: false, left: 0, started: 0, at: 0 };

  const waiting = () => known.size + newcomers.size;

  const next = (): Waiting | undefined => {
    if (sinceNewcomer + 1 >= newcomerEvery || known.size === 0) {
      const item = newcomers.take();
      if (item) {
        sinceNewcomer = 0;
        return item;
      }
    }
    sinceNewcomer += 1;
    return known.take() ?? newcomers.take();
  };

  const step = () => {
    batch.left -= 1;
    const now = performance.now();
    if (batch.started === 0) batch.at = now;
    if (batch.started === 0 || now - batch.at < budgetMs) {
      const item = next();
      if (item) {
        batch.started += 1;
        item.start();
      }
    }
    if (batch.left > 0) return;
    batch.pending = false;
    if (waiting() > 0) schedule();
  };

  // Immediates queued from the poll phase run in this turn's check phase; from a check phase, in
  // the next turn's: one batch per turn.
  const schedule = () => {
    if (batch.pending || closed) return;
    batch = { pending: true, left: perTurn, started: 0, at: 0 };
    for (let i = 0; i < perTurn; i += 1) setImmediate(step);
  };

  return {
    admit(start, { gone, known: isKnown = false } = {}) {
      watch?.touch();
      if (closed || (waiting() === 0 && !lagging())) {
        start();
        return;
      }
      (isKnown ? known : newcomers).push({ start, gone });
      schedule();
    },
    get waiting() {
      return waiting();
    },
    close() {
      closed = true;
      watch?.stop();
      for (let item = next(); item; item = next()) item.start();
    },
  };
}

/**
 * A request listener that sends every request through the gate to `rest`, known when its
 * connection carried one before. The health check goes before it (`listenerWithFastPath`).
 */
export function gatedListener(
  gate: Pick<TurnGate, "admit">,
  rest: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const served = new WeakSet<Socket>();
  return (req, res) => {
    const socket = req.socket;
    const known = served.has(socket);
    if (!known) served.add(socket);
    gate.admit(() => rest(req, res), { gone: () => socket.destroyed, known });
  };
}
