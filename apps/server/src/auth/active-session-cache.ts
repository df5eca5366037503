/** How requireAuth asks whether a token's session is still active. */
export interface SessionCheck {
  isActive(sessionId: string, userId: string): Promise<boolean>;
  /** True when the session is known active without a read (a cache); false means "ask isActive". */
  knownActive?(sessionId: string, userId: string): boolean;
}

/**
 * Sessions this process saw active, so a request need not read its session row. Sound only where
 * every revocation passes through this process: one process on SQLite (createServices uses it
 * there and nowhere else; PostgreSQL replicas read the row on every request). SessionsRepository
 * .revoke calls forget() before and after its write; a read that was under way when a session was
 * forgotten is not cached (the generation moved), so a revoked session is refused at once.
 * Bounded: past `maxEntries` the least recently used session goes.
 */
export class ActiveSessionCache {
  private readonly entries = new Map<string, string>();
  private generation = 0;

  constructor(readonly maxEntries = 10_000) {}

  /** Whether the session is known active for this user. */
  has(sessionId: string, userId: string): boolean {
    const owner = this.entries.get(sessionId);
    if (owner !== userId) return false;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, owner); // most recently used goes last
    return true;
  }

  /** Stamp to take before reading a session row, for remember(). */
  stamp(): number {
    return this.generation;
  }

  /** Records an active session read under `stamp`, unless a revocation happened since. */
  remember(sessionId: string, userId: string, stamp: number): void {
    if (stamp !== this.generation) return;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, userId);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops the session: it is being revoked. */
  forget(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's cache; revocations reach it from any SessionsRepository. */
export const activeSessions = new ActiveSessionCache();

/** A session check that reads the row only for sessions not known active. */
export function cachedSessionCheck(
  rows: SessionCheck,
  cache: ActiveSessionCache = activeSessions,
): SessionCheck {
  return {
    knownActive: (sessionId, userId) => cache.has(sessionId, userId),
    async isActive(sessionId, userId) {
      if (cache.has(sessionId, userId)) return true;
      const stamp = cache.stamp();
      const active = await rows.isActive(sessionId, userId);
      if (active) cache.remember(sessionId, userId, stamp);
      return active;
    },
  };
}
