import type { LoggedEvent } from "./event-log.js";

/**
 * Who has news: a user (with the events just committed for them when this process wrote them),
 * or undefined for "anyone may have news".
 */
export type EventListener = (userId: string | undefined, events?: readonly LoggedEvent[]) => void;

/** Tells the stream hub that a user has new events in the log. */
export interface EventNotifier {
  /** Resolves once notifications are flowing (PostgreSQL: LISTEN is active). */
  ready(): Promise<void>;
  /** Registers the one listener (the hub). */
  onEvents(listener: EventListener): void;
  /**
   * Called after a transaction that wrote events for these users committed; `events`, when
   * given, are all the events it wrote, in id order per user.
   */
  committed(userIds: Iterable<string>, events?: readonly LoggedEvent[]): void;
  close(): Promise<void>;
}

/**
 * One process (SQLite): commits wake the hub directly, handing it the events just committed so
 * the connections that are up to date send them without reading them back from the log.
 */
export class LocalNotifier implements EventNotifier {
  private listener: EventListener = () => {};

  async ready(): Promise<void> {}

  onEvents(listener: EventListener): void {
    this.listener = listener;
  }

  committed(userIds: Iterable<string>, events?: readonly LoggedEvent[]): void {
    for (const userId of userIds) {
      this.listener(
        userId,
        events?.filter((event) => event.userId === userId),
      );
    }
  }

  async close(): Promise<void> {}
}
