import type { StreamEnvelope } from "@a2a-chat/contracts";
import type { Db } from "../db/database.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import type { Logger } from "../log/logger.js";
import { signal } from "../observe/signals.js";
import type { EventLog, LoggedEvent } from "./event-log.js";
import { readSnapshot } from "./snapshot.js";
import { formatLoggedSse, formatSse } from "./sse.js";

const encoder = new TextEncoder();
const batchSize = 200;
/** A log read that meets a lost connection: tried this many times, 250 ms more apart each time. */
const readAttempts = 3;
const readRetryMs = 250;

export interface ConnectionDeps {
  db: Db;
  events: EventLog;
  logger: Logger;
  /** Unread bytes of this client past which the connection stops reading the log for it. */
  maxBufferBytes: number;
  /** How long the client may leave that many bytes unread before it is disconnected. */
  stallTimeoutMs: number;
  /** Conversations a snapshot lists at most. */
  snapshotMaxConversations?: number;
  onClose: (connection: StreamConnection) => void;
}

/** How a connection reaches the client's socket (absent when nothing sits under the stream). */
export interface ClientSocket {
  /** Drops the client's connection at once, with whatever is queued for it. */
  reset(): void;
}

/**
 * One client's live stream. It never holds events of its own: when woken it reads whatever follows
 * its last sent id from the log, so what it sends is the log, in order, without gaps. While the
 * client has more than the bound unread, the connection stops reading the log for it (the events
 * wait in the log, not in memory) and goes on once the client has read; so one event larger than
 * the bound still reaches a client that keeps up. A client that leaves the bound exceeded for the
 * stall timeout is disconnected: its socket is reset, so neither this process nor the kernel keeps
 * its backlog, and it resumes with Last-Event-ID.
 */
export class StreamConnection {
  readonly stream: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private lastSeq = 0;
  private started = false;
  private reading = false;
  private dirty = false;
  private closed = false;
  private socket: ClientSocket | undefined;
  /** Resolves the wait for room in the buffer (the client read some of it). */
  private roomMade: (() => void) | undefined;

  constructor(
    readonly userId: string,
    private readonly deps: ConnectionDeps,
  ) {
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        // Called when the client has read enough for the buffer to be under its bound again.
        pull: () => this.roomMade?.(),
        cancel: () => this.close(),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: deps.maxBufferBytes }),
    );
  }

  /** Connects the stream to the client's socket, so a slow client can be really dropped. */
  attach(socket: ClientSocket): void {
    this.socket = socket;
  }

  /** Sends the snapshot, or starts the replay from lastEventId, then follows the log. */
  async begin(lastEventId: number | undefined): Promise<void> {
    const last = await this.deps.events.lastSeq(this.deps.db.kysely, this.userId);
    if (
      lastEventId === undefined ||
      lastEventId > last ||
      !(await this.canResumeFrom(lastEventId))
    ) {
      await this.sendSnapshot();
    } else {
      this.lastSeq = lastEventId;
    }
    this.started = true;
    // Not awaited: the replay may have to wait for the client to read, which it can only do
    // once the response is returned.
    void this.catchUp();
  }

  /** New events may exist for this user. */
  wake(): void {
    if (!this.started || this.closed) {
      this.dirty = true;
      return;
    }
    void this.catchUp();
  }

  /**
   * Events this process just committed for the user, in id order. When they follow exactly what
   * the client was last sent and nothing is being read or waiting, they are sent as they are;
   * otherwise the connection reads the log as on any wake, so nothing is lost, repeated or
   * reordered either way.
   */
  offer(events: readonly LoggedEvent[]): void {
    if (!this.started || this.closed || this.reading || this.full) {
      this.wake();
      return;
    }
    const fresh = events.filter((event) => event.seq > this.lastSeq);
    if (fresh.length === 0) return;
    if (fresh.some((event, i) => event.seq !== this.lastSeq + 1 + i)) {
      this.wake();
      return;
    }
    this.push(fresh.map(formatLoggedSse).join(""));
    signal({ kind: "events_sent", count: fresh.length });
    this.lastSeq += fresh.length;
  }

  /** Sends an event that is not part of the log (heartbeat, error); skipped while data waits. */
  sendTransient(envelope: StreamEnvelope): void {
    if (!this.full) this.push(formatSse(envelope));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.roomMade?.();
    try {
      this.controller.close();
    } catch {
      // already closed or errored by the consumer
    }
    this.deps.onClose(this);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private async canResumeFrom(lastEventId: number): Promise<boolean> {
    const next = await this.deps.events.readAfter(this.deps.db.kysely, this.userId, lastEventId, 1);
    const last = await this.deps.events.lastSeq(this.deps.db.kysely, this.userId);
    // Resumable when nothing happened since, or the very next event is still in the log.
    return lastEventId === last || next[0]?.seq === lastEventId + 1;
  }

  private async sendSnapshot(): Promise<void> {
    const snapshot = await readSnapshot(
      this.deps.db,
      this.deps.events,
      this.userId,
      this.deps.snapshotMaxConversations,
    );
    this.lastSeq = snapshot.seq;
    const envelope: StreamEnvelope = {
      event_type: "snapshot",
      context_id: null,
      user_id: this.userId,
      data: { contexts: snapshot.contexts, has_more: snapshot.hasMore },
      timestamp: new Date().toISOString(),
    };
    this.push(formatSse(envelope, snapshot.seq));
  }

  private async catchUp(): Promise<void> {
    if (this.reading) {
      this.dirty = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.dirty = false;
        let batch: Awaited<ReturnType<EventLog["readAfter"]>>;
        do {
          if (this.closed) return;
          batch = await this.readBatch();
          for (const event of batch) {
            if (this.full && !(await this.room())) return;
            if (this.closed) return;
            if (event.seq !== this.lastSeq + 1) {
              // Pruned while this client lagged: start over from a fresh snapshot.
              await this.sendSnapshot();
              this.dirty = true;
              break;
            }
            this.push(formatLoggedSse(event));
            signal({ kind: "events_sent", count: 1 });
            this.lastSeq = event.seq;
          }
        } while (batch.length === batchSize);
      } while (this.dirty);
    } catch (error) {
      this.deps.logger.warn({ err: error, userId: this.userId }, "stream read failed; closing");
      this.close();
    } finally {
      this.reading = false;
    }
  }

  /**
   * The next events of the log. A read that meets a lost database connection (PostgreSQL ended
   * the pool's idle connections, a failover) is tried again on a fresh one before the stream
   * gives up: closing would send every client of this replica to reconnect at once.
   */
  private async readBatch(): Promise<LoggedEvent[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.events.readAfter(
          this.deps.db.kysely,
          this.userId,
          this.lastSeq,
          batchSize,
        );
      } catch (error) {
        if (attempt >= readAttempts || this.closed || !isDatabaseUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, readRetryMs * attempt));
      }
    }
  }

  private push(text: string): void {
    if (this.closed) return;
    this.controller.enqueue(encoder.encode(text));
  }

  /** Whether the client has the bound or more unread. */
  private get full(): boolean {
    return (this.controller.desiredSize ?? 0) <= 0;
  }

  /**
   * Waits until the client reads; false (and the connection dropped) when it reads nothing for
   * the stall timeout or the connection closes meanwhile.
   */
  private async room(): Promise<boolean> {
    const read = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.deps.stallTimeoutMs);
      this.roomMade = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    this.roomMade = undefined;
    if (this.closed) return false;
    if (read) return true;
    this.deps.logger.info({ userId: this.userId }, "stream client too slow; disconnecting");
    // Resetting the connection cancels the response body, discarding what is queued.
    this.socket?.reset();
    this.close();
    return false;
  }
}
