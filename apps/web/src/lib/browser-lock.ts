/**
 * Runs `task` while holding the lock `name`, which one tab of this browser profile holds at a
 * time (Web Locks): tabs opened together take turns at what must happen once per browser. Another
 * tab may have done it while this one waited, or before this one asked at all, so a task that
 * must happen once first looks for the outcome itself. Where the API is missing (a page served
 * over plain HTTP to another host is not a secure context), the task runs at once.
 */
export async function withBrowserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return task();
  return locks.request(name, () => task());
}
