/** One load's place in a store's history of loads. */
export interface LoadTicket {
  readonly epoch: number;
  readonly load: number;
}

/**
 * Orders the loads of a store that can be reset: a reply that arrives after a reset belongs to the
 * previous user and is dropped, and only the latest load decides the loading flag and the error.
 */
export class LoadGuard {
  private epoch = 0;
  private latest = 0;

  /** Starts a load. */
  begin(): LoadTicket {
    this.latest += 1;
    return { epoch: this.epoch, load: this.latest };
  }

  /** Whether the store was reset since the load began (its reply must be dropped). */
  isStale(ticket: LoadTicket): boolean {
    return ticket.epoch !== this.epoch;
  }

  /** Whether no later load began since this one. */
  isLatest(ticket: LoadTicket): boolean {
    return ticket.load === this.latest;
  }

  /** Marks every load begun so far as stale. */
  reset(): void {
    this.epoch += 1;
  }
}
