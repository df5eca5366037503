/** How requireAuth asks whether a token's session is still active. */
export interface SessionCheck {
  isActive(sessionId: string, userId: string): Promise<boolean>;
  /** True when the session is known active without a read (a cache); false means "ask isActive". */
  knownActive?(sessionId: string, userId: string): boolean;
}

/**
 * Sessions this process saw active, so a request need not read its session row. Used on SQLite's
 * single server process (createServices; PostgreSQL replicas read the row on every request).
 * SessionsRepository.revoke calls forget() before and after its write; a read that was under way
 * when a session was forgotten is not cached (the generation moved), so a revoked session is
 * refused at once. A revocation by another process (the admin command) is seen through the
 * file's change counter: cachedSessionCheck empties the cache when the file changed elsewhere.
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

  /** Drops every session: some may have been revoked by another process. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's cache; revocations reach it from any SessionsRepository. */
export const activeSessions = new ActiveSessionCache();

/**
 * A session check that reads the row only for sessions not known active. `changeCount` is the
 * database's count of changes made by other connections (SQLite's data_version): when it moved,
 * another process wrote (the admin command revoking sessions, say), so nothing cached is trusted.
 */
export function cachedSessionCheck(
  rows: SessionCheck,
  cache: ActiveSessionCache = activeSessions,
  changeCount?: () => number,
): SessionCheck {
  let seen = changeCount?.();
  const known = (sessionId: string, userId: string) => {
    if (changeCount) {
      // A database that cannot say (closed, failing) is taken as unchanged: the read the caller
      // makes next meets the same failure and answers as any failed read.
      let now = seen;
      try {
        now = changeCount();
      } catch {}
      if (now !== seen) {
        seen = now;
        cache.clear();
        return false;
      }
    }
    return cache.has(sessionId, userId);
  };
  return {
    knownActive: known,
    async isActive(sessionId, userId) {
      if (known(sessionId, userId)) return true;
      const stamp = cache.stamp();
      const active = await rows.isActive(sessionId, userId);
      if (active) cache.remember(sessionId, userId, stamp);
      return active;
    },
  };
}
