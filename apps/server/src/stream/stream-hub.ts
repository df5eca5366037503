import type { Db } from "../db/database.js";
import type { Logger } from "../log/logger.js";
import type { EventLog, LoggedEvent } from "./event-log.js";
import type { EventNotifier } from "./notifier.js";
import { StreamConnection } from "./stream-connection.js";

/** Connections given a heartbeat per turn of the event loop. */
export const heartbeatSlice = 100;

export interface StreamHubOptions {
  db: Db;
  events: EventLog;
  notifier: EventNotifier;
  logger: Logger;
  heartbeatMs: number;
  maxConnectionsPerUser: number;
  maxBufferBytes: number;
  stallTimeoutMs: number;
  retentionMs: number;
  /** Conversations a snapshot lists at most (the most recently updated). */
  snapshotMaxConversations?: number;
}

/**
 * All live stream connections of this process, by user. Wakes a user's connections when the
 * notifier reports new events, sends heartbeats, and prunes the log past its retention.
 */
export class StreamHub {
  private readonly byUser = new Map<string, Set<StreamConnection>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(private readonly options: StreamHubOptions) {
    options.notifier.onEvents((userId, events) => this.wake(userId, events));
    this.timers.push(setInterval(() => this.heartbeat(), options.heartbeatMs));
    const pruneEvery = Math.min(options.retentionMs / 4, 5 * 60_000);
    this.timers.push(setInterval(() => void this.prune(), pruneEvery));
    for (const timer of this.timers) timer.unref();
  }

  /** Opens a connection for the user, or undefined when they already hold the maximum. */
  open(userId: string): StreamConnection | undefined {
    const set = this.byUser.get(userId) ?? new Set<StreamConnection>();
    if (set.size >= this.options.maxConnectionsPerUser) return undefined;
    const connection = new StreamConnection(userId, {
      db: this.options.db,
      events: this.options.events,
      logger: this.options.logger,
      maxBufferBytes: this.options.maxBufferBytes,
      stallTimeoutMs: this.options.stallTimeoutMs,
      snapshotMaxConversations: this.options.snapshotMaxConversations,
      onClose: (closed) => this.forget(closed),
    });
    set.add(connection);
    this.byUser.set(userId, set);
    return connection;
  }

  /** Connections currently open in this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Connections one user holds in this process. */
  sizeOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * New events for a user (or, with undefined, possibly for anyone); `events`, when given, are
   * the ones this process just committed for that user.
   */
  wake(userId: string | undefined, events?: readonly LoggedEvent[]): void {
    const sets = userId === undefined ? [...this.byUser.values()] : [this.byUser.get(userId)];
    for (const set of sets) {
      for (const connection of set ?? []) {
        if (events && events.length > 0) connection.offer(events);
        else connection.wake();
      }
    }
    const watching =
      userId === undefined ? [...this.watchers.values()] : [this.watchers.get(userId)];
    for (const set of watching) for (const onNews of set ?? []) onNews();
  }

  /**
   * Calls `onNews` whenever the user may have new events (on any replica), until the returned
   * function is called: how a task followed here learns that its runner elsewhere changed it.
   */
  watch(userId: string, onNews: () => void): () => void {
    const set = this.watchers.get(userId) ?? new Set<() => void>();
    set.add(onNews);
    this.watchers.set(userId, set);
    return () => {
      set.delete(onNews);
      if (set.size === 0 && this.watchers.get(userId) === set) this.watchers.delete(userId);
    };
  }

  /** Ends every stream (clients will resume elsewhere) and stops the timers. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const set of [...this.byUser.values()])
      for (const connection of [...set]) connection.close();
    await this.options.notifier.close();
  }

  async prune(now = Date.now()): Promise<number> {
    try {
      return await this.options.events.prune(
        this.options.db.kysely,
        new Date(now - this.options.retentionMs),
      );
    } catch (error) {
      this.options.logger.warn({ err: error }, "event log pruning failed");
      return 0;
    }
  }

  /**
   * A heartbeat on every connection, `heartbeatSlice` connections per turn of the event loop:
   * a thousand writes in one go held the loop for tens of milliseconds every interval.
   */
  heartbeat(): void {
    const timestamp = new Date().toISOString();
    const connections: StreamConnection[] = [];
    for (const set of this.byUser.values())
      for (const connection of set) connections.push(connection);
    const sendFrom = (start: number) => {
      const end = Math.min(connections.length, start + heartbeatSlice);
      for (let i = start; i < end; i += 1) {
        const connection = connections[i] as StreamConnection;
        if (connection.isClosed) continue;
        connection.sendTransient({
          event_type: "heartbeat",
          context_id: null,
          user_id: connection.userId,
          data: {},
          timestamp,
        });
      }
      if (end < connections.length) setImmediate(() => sendFrom(end));
    };
    sendFrom(0);
  }

  private forget(connection: StreamConnection): void {
    const set = this.byUser.get(connection.userId);
    set?.delete(connection);
    if (set && set.size === 0) this.byUser.delete(connection.userId);
  }
}
