import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { FetchLike } from "../lib/api.js";
import { logger } from "../lib/logger.js";
import { sessionToken } from "../lib/session-token.js";
import { newTraceId } from "../lib/trace-id.js";
import { dispatchStreamEvent, parseStreamEvent, type StreamHandlers } from "./stream-event.js";

/** Where the live state stream is served (core spec §7). */
export const streamPath = "/api/v1/stream/contexts";

/** Connection status of the live stream (core spec §4): disconnected initially. */
export type StreamStatus = "disconnected" | "connecting" | "connected" | "error";

/** Reconnect attempts after a dropped or failed connection before giving up (core spec §9). */
export const maxStreamReconnects = 5;

/** Wait before the first reconnect; it doubles for each further one (core spec §9). */
export const streamReconnectBaseDelayMs = 2000;

/**
 * Wait between the slow attempts that follow the quick ones: a server that was down for longer
 * than the quick series covers (about a minute) is still found again, without hammering it.
 */
export const streamSlowRetryDelayMs = 60_000;

/**
 * Wait before reconnect attempt n (1-based): 2000, 4000, 8000, 16000, 32000 ms, then the slow
 * interval for every further attempt.
 */
export function streamReconnectDelayMs(
  attempt: number,
  slowDelayMs = streamSlowRetryDelayMs,
): number {
  if (attempt > maxStreamReconnects) return slowDelayMs;
  return streamReconnectBaseDelayMs * 2 ** (attempt - 1);
}

/** The timer functions the client uses, replaceable in tests. */
export interface StreamTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: StreamTimers = {
  // Looked up on each call so fake timers installed later still apply.
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a stream client needs. */
export interface StreamClientOptions {
  /** The session's current valid token, or null. Read on every (re)connect. */
  getToken: () => string | null;
  /** Receives each valid event by type. */
  handlers: StreamHandlers;
  /** Told every status change. */
  onStatus?: (status: StreamStatus) => void;
  /** Told when the next attempt is due (epoch ms), and null once it started. */
  onRetryScheduled?: (at: number | null) => void;
  /** Wait between attempts once the quick ones are spent (default streamSlowRetryDelayMs). */
  slowRetryDelayMs?: number;
  /**
   * Replaces a rejected token (default: the app's single-flight refresh, which renews anonymous
   * sessions, signs signed-in users out and clears auth when it fails).
   */
  refreshToken?: () => Promise<string>;
  fetchImpl?: FetchLike;
  timers?: StreamTimers;
}

/**
 * The live state stream over fetch (EventSource cannot send an Authorization header). Validates
 * every event, remembers the last event id and resumes from it with Last-Event-ID, reconnects
 * with backoff (the spec's 5 quick attempts, then slowly for as long as it is open) and renews a
 * rejected token once before reconnecting.
 */
export class StreamClient {
  private status: StreamStatus = "disconnected";
  private lastEventId: string | null = null;
  private attempts = 0;
  private refreshedSinceEvent = false;
  private generation = 0;
  private controller: AbortController | null = null;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private timer: unknown = null;
  private readonly timers: StreamTimers;
  private readonly fetchImpl: FetchLike;
  private readonly refresh: () => Promise<string>;

  constructor(private readonly options: StreamClientOptions) {
    this.timers = options.timers ?? defaultTimers;
    this.fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
    this.refresh = options.refreshToken ?? (() => sessionToken().refresh(options.fetchImpl));
  }

  /** The current connection status. */
  getStatus(): StreamStatus {
    return this.status;
  }

  /** The id of the last event received, sent as Last-Event-ID on reconnect. */
  getLastEventId(): string | null {
    return this.lastEventId;
  }

  /** Opens the stream (closing any connection this client already has). */
  connect(): void {
    this.attempts = 0;
    this.refreshedSinceEvent = false;
    void this.open();
  }

  /** Stops everything: the connection, pending reconnects and token renewals. */
  close(): void {
    this.stopCurrent();
    this.setStatus("disconnected");
  }

  private stopCurrent(): number {
    this.generation += 1;
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.options.onRetryScheduled?.(null);
    }
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
    void this.reader?.cancel().catch(() => undefined);
    this.reader = null;
    return this.generation;
  }

  private isStale(generation: number): boolean {
    return generation !== this.generation;
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private async open(): Promise<void> {
    const generation = this.stopCurrent();
    const token = this.options.getToken();
    if (!token) {
      logger.warn("Live stream: no valid session token");
      this.retry("error");
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.setStatus("connecting");
    const headers = new Headers({
      Accept: "text/event-stream",
      Authorization: `Bearer ${token}`,
      "Cache-Control": "no-cache",
      "x-trace-id": newTraceId(),
    });
    if (this.lastEventId) headers.set("Last-Event-ID", this.lastEventId);
    let response: Response;
    try {
      response = await this.fetchImpl(streamPath, {
        headers,
        credentials: "include",
        signal: controller.signal,
      });
    } catch (error) {
      if (this.isStale(generation)) return;
      logger.warn("Live stream: connection failed", error);
      this.retry("error");
      return;
    }
    if (this.isStale(generation)) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (response.status === 401) {
      void response.body?.cancel().catch(() => undefined);
      await this.reauthenticate(generation);
      return;
    }
    if (!response.ok || !response.body) {
      logger.warn(`Live stream: the server answered ${response.status}`);
      void response.body?.cancel().catch(() => undefined);
      this.retry("error");
      return;
    }
    this.setStatus("connected");
    const endedCleanly = await this.read(response.body, generation);
    if (this.isStale(generation)) return;
    this.retry(endedCleanly ? "disconnected" : "error");
  }

  /** Feeds the body to the SSE parser until it ends (true) or fails (false). */
  private async read(body: ReadableStream<Uint8Array>, generation: number): Promise<boolean> {
    const parser = createParser({
      onEvent: (message) => this.receive(message, generation),
      onError: (error) => logger.warn("Live stream: malformed event", error),
    });
    const reader = body.getReader();
    this.reader = reader;
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.isStale(generation)) return true;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (!this.isStale(generation)) logger.warn("Live stream: connection dropped", error);
      return false;
    }
  }

  private receive(message: EventSourceMessage, generation: number): void {
    if (this.isStale(generation)) return;
    // Heartbeats carry no id; every logged event does, and the snapshot carries the latest.
    if (message.id) this.lastEventId = message.id;
    // Any event proves the connection works: the next drop starts a fresh series of attempts.
    this.attempts = 0;
    this.refreshedSinceEvent = false;
    const parsed = parseStreamEvent(message.event, message.data);
    if (parsed.kind === "unknown-type") {
      logger.warn(`Unknown stream event type: ${parsed.type}`);
      return;
    }
    if (parsed.kind === "invalid") {
      logger.warn(`Live stream: ignored an invalid ${parsed.type} event`, parsed.reason);
      return;
    }
    try {
      dispatchStreamEvent(this.options.handlers, parsed.envelope);
    } catch (error) {
      logger.error(`Live stream: the ${parsed.envelope.event_type} handler failed`, error);
    }
  }

  private async reauthenticate(generation: number): Promise<void> {
    // A second 401 right after a renewal is not a token problem a further renewal could solve.
    if (this.refreshedSinceEvent) {
      this.retry("error");
      return;
    }
    this.refreshedSinceEvent = true;
    try {
      await this.refresh();
    } catch (error) {
      if (this.isStale(generation)) return;
      // The refresh has already cleared auth; the stream stops until a new session starts it.
      logger.warn("Live stream stopped: the session could not be renewed", error);
      this.setStatus("error");
      return;
    }
    if (this.isStale(generation)) return;
    void this.open();
  }

  private retry(status: StreamStatus): void {
    this.attempts += 1;
    const slow = this.attempts > maxStreamReconnects;
    if (this.attempts === maxStreamReconnects + 1) {
      logger.warn(
        `Live stream: ${maxStreamReconnects} reconnects failed; trying again every ${this.slowDelayMs / 1000} s`,
      );
    }
    // Once the quick attempts are spent the stream is down, not just blinking: say so.
    this.setStatus(slow ? "error" : status);
    const generation = this.generation;
    const delay = streamReconnectDelayMs(this.attempts, this.slowDelayMs);
    this.options.onRetryScheduled?.(Date.now() + delay);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.options.onRetryScheduled?.(null);
      if (!this.isStale(generation)) void this.open();
    }, delay);
  }

  private get slowDelayMs(): number {
    return this.options.slowRetryDelayMs ?? streamSlowRetryDelayMs;
  }
}
