/** Tells the stream hub that a user has new events in the log. */
export interface EventNotifier {
  /** Resolves once notifications are flowing (PostgreSQL: LISTEN is active). */
  ready(): Promise<void>;
  /** Registers the one listener (the hub); undefined means "anyone may have news". */
  onEvents(listener: (userId: string | undefined) => void): void;
  /** Called after a transaction that wrote events for these users committed. */
  committed(userIds: Iterable<string>): void;
  close(): Promise<void>;
}

/** One process (SQLite): commits wake the hub directly. */
export class LocalNotifier implements EventNotifier {
  private listener: (userId: string | undefined) => void = () => {};

  async ready(): Promise<void> {}

  onEvents(listener: (userId: string | undefined) => void): void {
    this.listener = listener;
  }

  committed(userIds: Iterable<string>): void {
    for (const userId of userIds) this.listener(userId);
  }

  async close(): Promise<void> {}
}
