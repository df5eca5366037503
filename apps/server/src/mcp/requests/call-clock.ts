import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** How often a caller waiting on the user hears that the call is alive. */
export const keepAliveMs = 5000;

/**
 * A tool call's idle clock: it runs out after `idleMs` without news (an answer, progress), and
 * stands still while the server waits for the user (an elicitation or sampling request), so a
 * person taking their time is not a timeout; the request's own deadline bounds that wait.
 * Meanwhile `onWaiting` is called every few seconds (the proxy passes it on as progress so the
 * caller's own idle clock does not run out either).
 */
export class CallClock {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private asking = 0;

  constructor(
    private readonly idleMs: number,
    private readonly onWaiting: () => void = () => {},
  ) {
    this.arm();
  }

  /** Aborts (with a request timeout) when the clock runs out. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** News from the server: the clock starts over. */
  progress(): void {
    if (this.asking === 0) this.arm();
  }

  /** The server asks the user: the clock stops. */
  waiting(): void {
    this.asking += 1;
    clearTimeout(this.timer);
    if (!this.ticker) {
      this.ticker = setInterval(() => this.onWaiting(), keepAliveMs);
      this.ticker.unref();
    }
  }

  /** The user answered (or the question ended): the clock starts over. */
  answered(): void {
    this.asking = Math.max(0, this.asking - 1);
    if (this.asking > 0) return;
    clearInterval(this.ticker);
    this.ticker = undefined;
    this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
    clearInterval(this.ticker);
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.controller.abort(new McpError(ErrorCode.RequestTimeout, "Request timed out"));
    }, this.idleMs);
    this.timer.unref();
  }
}
