/**
 * Waits until the clock shows another millisecond: rows written before and after then differ in
 * their timestamps (written to the millisecond), so an order by time is the one a test means,
 * also on a machine fast enough to write two rows in one millisecond.
 */
export async function nextMillisecond(): Promise<void> {
  const at = Date.now();
  while (Date.now() === at) await new Promise((resolve) => setTimeout(resolve, 1));
}
