const userContextPrefix = "current-context-id:";

/**
 * Every localStorage key the app uses. Keys holding one user's data are user-scoped and are
 * removed when a different user takes over the browser (core spec §4 Session).
 */
export const storageKeys = {
  /** The persisted auth session (core spec §3). */
  auth: "auth-storage",
  /** Settings such as debug mode (core spec §3). */
  settings: "settings-storage",
  /** Set once the welcome message was sent (core spec §4 Other). */
  firstVisit: "first-visit",
  /** The current conversation, before the user id is known. User-scoped. */
  currentContext: "current-context-id",
  /** The current conversation of one user. User-scoped. */
  userCurrentContext: (userId: string) => `${userContextPrefix}${userId}`,
} as const;

// Reading `localStorage` itself throws in some browsers (storage disabled, sandboxed frames).
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reads a key; null when it is missing or storage is unavailable. Never throws. */
export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key, ignoring quota and availability failures (core spec §8). */
export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Swallowed: losing a cached value must never break the app.
  }
}

/** Removes a key, ignoring failures. */
export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Swallowed, like every storage failure.
  }
}

function allKeys(): string[] {
  try {
    const store = storage();
    if (!store) return [];
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/**
 * Removes everything that belongs to one user (remembered conversations of any user). Keeps the
 * auth session, the settings and the first-visit flag. Never throws.
 */
export function clearUserScopedStorage(): void {
  removeStorage(storageKeys.currentContext);
  for (const key of allKeys()) {
    if (key.startsWith(userContextPrefix)) removeStorage(key);
  }
}
