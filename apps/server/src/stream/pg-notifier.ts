import type pg from "pg";
import type { Logger } from "../log/logger.js";
import { eventsChannel } from "./event-log.js";
import type { EventListener, EventNotifier } from "./notifier.js";

/**
 * Several replicas (PostgreSQL): each keeps one LISTEN connection. Commits notify through
 * pg_notify in their own transaction, so every replica, the writer included, hears of every
 * commit. After a lost connection it reconnects and wakes everyone, who then catch up from the log.
 */
export class PgNotifier implements EventNotifier {
  private client: pg.Client | undefined;
  private listener: EventListener = () => {};
  private closed = false;
  private readyPromise: Promise<void> | undefined;
  private retryMs = 250;

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly logger: Logger,
  ) {}

  /** Connects on first use: a replica that never serves a stream needs no listening connection. */
  ready(): Promise<void> {
    this.readyPromise ??= this.connect().catch((error: unknown) => {
      this.readyPromise = undefined;
      throw error;
    });
    return this.readyPromise;
  }

  onEvents(listener: EventListener): void {
    this.listener = listener;
  }

  committed(): void {
    // Delivered by LISTEN, including to this replica.
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => {
      const payload = message.payload ?? "";
      const split = payload.indexOf(":");
      if (payload.slice(0, split) === this.schema) this.listener(payload.slice(split + 1));
    });
    client.on("error", (error) => {
      this.logger.warn({ err: error }, "event listener connection lost");
      void this.reconnect(client);
    });
    await client.connect();
    await client.query(`LISTEN ${eventsChannel}`);
    this.client = client;
    this.retryMs = 250;
  }

  private async reconnect(old: pg.Client): Promise<void> {
    await old.end().catch(() => undefined);
    while (!this.closed) {
      await new Promise((resolve) => setTimeout(resolve, this.retryMs));
      try {
        await this.connect();
        // Anything committed while we were deaf is in the log: let every connection catch up.
        this.listener(undefined);
        return;
      } catch (error) {
        this.retryMs = Math.min(this.retryMs * 2, 5000);
        this.logger.warn({ err: error, retryMs: this.retryMs }, "event listener reconnect failed");
      }
    }
  }
}
