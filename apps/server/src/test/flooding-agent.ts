import { globalAgent, type RequestListener } from "node:http";
import type { Socket } from "node:net";

/** How long the flooding agent must have waited on its socket to count as held back. */
const heldBackMs = 200;

/**
 * An agent that sends `count` server-sent events as fast as its socket takes them (one write
 * each, waiting for the socket to drain when Node says so), then ends or stays open. Each event's
 * data is its number (8 digits) and padding, 1 KiB on the wire in all.
 */
export class FloodingAgent {
  readonly listener: RequestListener;
  /** Events written so far. */
  written = 0;
  /** Resolves once the reader's connection is closed. */
  readonly closed: Promise<void>;
  private waitingSince: number | undefined;
  private finished = false;
  private peerPort: number | undefined;
  private onClose: () => void = () => undefined;

  constructor(
    readonly count: number,
    end = true,
  ) {
    this.closed = new Promise((resolve) => {
      this.onClose = resolve;
    });
    this.listener = (req, res) => {
      this.peerPort = req.socket.remotePort;
      req.socket.on("close", this.onClose);
      res.on("error", () => undefined);
      res.writeHead(200, { "content-type": "text/event-stream" });
      const write = () => {
        this.waitingSince = undefined;
        while (this.written < count && !res.destroyed) {
          const more = res.write(FloodingAgent.event(this.written));
          this.written += 1;
          if (!more) {
            this.waitingSince = performance.now();
            res.once("drain", write);
            return;
          }
        }
        this.finished = true;
        if (end) res.end();
      };
      write();
    };
  }

  /** Event `i` as sent: its data is `FloodingAgent.data(i)`. */
  static event(i: number): string {
    return `data: ${FloodingAgent.data(i)}\n\n`;
  }

  static data(i: number): string {
    return `${String(i).padStart(8, "0")}${"x".repeat(1000)}`;
  }

  /** Bytes on the wire of the first `events` events (each its own chunk of the chunked body). */
  static wireBytes(events: number): number {
    const size = Buffer.byteLength(FloodingAgent.event(0));
    return events * (size.toString(16).length + 4 + size);
  }

  /**
   * Resolves once the agent wrote every event, or has waited for its socket to drain for a
   * while: the reader then holds what it is going to hold until it reads more.
   */
  async heldBackOrDone(): Promise<void> {
    for (;;) {
      const since = this.waitingSince;
      if (this.finished || (since !== undefined && performance.now() - since >= heldBackMs)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Our side's socket to the agent (the guarded fetch uses Node's global agent). */
  readerSocket(): Socket {
    const socket = Object.values(globalAgent.sockets)
      .flat()
      .find((one) => one?.localPort === this.peerPort);
    if (!socket) throw new Error("no connection to the flooding agent");
    return socket;
  }
}
