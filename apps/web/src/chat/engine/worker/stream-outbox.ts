import type { ChatStreamEvent } from "../../model/chat-types.js";
import type { StreamEnd } from "./worker-protocol.js";

/** What the outbox hands over at once. */
export interface OutboxBatch {
  events: ChatStreamEvent[];
  end?: StreamEnd;
}

/**
 * The worker's buffer of one stream. Events collect until the page pulls; consecutive text
 * deltas of the same task are joined into one event, so however many tokens arrive between two
 * pulls, the page receives one message with a few events. The first pull is implied: the first
 * event goes out at once.
 */
export class StreamOutbox {
  private events: ChatStreamEvent[] = [];
  private end: StreamEnd | undefined;
  private wanted = true;
  private closed = false;

  constructor(private readonly send: (batch: OutboxBatch) => void) {}

  /** Adds an event; sends it at once when the page is waiting. */
  push(event: ChatStreamEvent): void {
    if (this.closed) return;
    const last = this.events[this.events.length - 1];
    if (
      event.type === "text" &&
      last?.type === "text" &&
      last.taskId === event.taskId &&
      last.contextId === event.contextId
    ) {
      this.events[this.events.length - 1] = { ...last, delta: last.delta + event.delta };
    } else {
      this.events.push(event);
    }
    this.deliver();
  }

  /** Records how the stream ended; sent with (or after) the last events. */
  finish(end: StreamEnd): void {
    if (this.closed || this.end) return;
    this.end = end;
    this.deliver();
  }

  /** The page is ready for more. */
  pull(): void {
    this.wanted = true;
    this.deliver();
  }

  /** Nothing more is sent (the page left the stream). */
  close(): void {
    this.closed = true;
    this.events = [];
  }

  private deliver(): void {
    if (!this.wanted || this.closed || (this.events.length === 0 && !this.end)) return;
    const batch: OutboxBatch = { events: this.events, ...(this.end ? { end: this.end } : {}) };
    this.events = [];
    this.wanted = false;
    if (this.end) this.closed = true;
    this.send(batch);
  }
}
