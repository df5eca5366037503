import type { StreamEnvelope } from "@a2a-chat/contracts";
import type { Db } from "../db/database.js";
import type { Logger } from "../log/logger.js";
import type { EventLog } from "./event-log.js";
import { readSnapshot } from "./snapshot.js";
import { formatSse } from "./sse.js";

const encoder = new TextEncoder();
const batchSize = 200;

export interface ConnectionDeps {
  db: Db;
  events: EventLog;
  logger: Logger;
  /** Bytes that may wait unread for this client before the connection is dropped. */
  maxBufferBytes: number;
  onClose: (connection: StreamConnection) => void;
}

/**
 * One client's live stream. It never holds events of its own: when woken it reads whatever follows
 * its last sent id from the log, so what it sends is the log, in order, without gaps. A client that
 * stops reading fills its bounded buffer and is disconnected; it resumes with Last-Event-ID.
 */
export class StreamConnection {
  readonly stream: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private lastSeq = 0;
  private started = false;
  private reading = false;
  private dirty = false;
  private closed = false;

  constructor(
    readonly userId: string,
    private readonly deps: ConnectionDeps,
  ) {
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => this.close(),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: deps.maxBufferBytes }),
    );
  }

  /** Sends the snapshot, or replays from lastEventId, then follows the log. */
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
    await this.catchUp();
  }

  /** New events may exist for this user. */
  wake(): void {
    if (!this.started || this.closed) {
      this.dirty = true;
      return;
    }
    void this.catchUp();
  }

  /** Sends an event that is not part of the log (heartbeat, error). */
  sendTransient(envelope: StreamEnvelope): void {
    this.push(formatSse(envelope));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
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
    const snapshot = await readSnapshot(this.deps.db, this.deps.events, this.userId);
    this.lastSeq = snapshot.seq;
    const envelope: StreamEnvelope = {
      event_type: "snapshot",
      context_id: null,
      user_id: this.userId,
      data: { contexts: snapshot.contexts },
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
          batch = await this.deps.events.readAfter(
            this.deps.db.kysely,
            this.userId,
            this.lastSeq,
            batchSize,
          );
          for (const event of batch) {
            if (event.seq !== this.lastSeq + 1) {
              // Pruned while this client lagged: start over from a fresh snapshot.
              await this.sendSnapshot();
              this.dirty = true;
              break;
            }
            this.push(formatSse(event.envelope, event.seq));
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

  private push(text: string): void {
    if (this.closed) return;
    this.controller.enqueue(encoder.encode(text));
    const free = this.controller.desiredSize ?? 0;
    if (free < 0) {
      this.deps.logger.info({ userId: this.userId }, "stream client too slow; disconnecting");
      this.close();
    }
  }
}
