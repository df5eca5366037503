/**
 * Whether a parsed JSON value holds a NUL character (U+0000) in any string or key. PostgreSQL
 * text cannot store one, so such input is refused at the edge instead of failing in a query.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (typeof next === "object" && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Whether a request URL carries a NUL character in its path or query (percent-encoded or not). */
export function urlContainsNul(url: string): boolean {
  return url.includes("\u0000") || /%00/i.test(url);
}
