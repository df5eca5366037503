/**
 * Runs `task` while holding the lock `name`, which one tab of this browser profile holds at a
 * time (Web Locks): tabs opened together take turns at what must happen once per browser, and
 * the later ones find what the first did. `task` learns whether it waited for another holder;
 * not having waited does not mean no other tab did it already (it may have finished before this
 * tab asked), so a task that must happen once checks for the outcome itself. Where the API is missing (a page served
 * over plain HTTP to another host is not a secure context), the task runs at once.
 */
export async function withBrowserLock<T>(
  name: string,
  task: (waited: boolean) => Promise<T>,
): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return task(false);
  const free = await locks.request(name, { ifAvailable: true }, async (lock) =>
    lock ? { result: await task(false) } : null,
  );
  if (free) return free.result;
  return locks.request(name, () => task(true));
}
