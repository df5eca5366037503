/** What replaces an address a third-party result may not make clickable. */
export const removedUrlText = "[unsafe link removed]";

// Script and inline-document schemes: a link with one of them runs code or shows a page the
// tool made up as if it came from this site.
const unsafeScheme = /^\s*(javascript|vbscript|data|file|blob):\S/i;

/** Whether a string is an address with a scheme a third-party result may not use. */
export function isUnsafeUrl(value: string): boolean {
  // Browsers ignore control characters inside a scheme ("java\tscript:"), so they are dropped first.
  const head = [...value.slice(0, 64)].filter((c) => c.charCodeAt(0) > 0x1f).join("");
  return unsafeScheme.test(head);
}

/**
 * A third-party tool result with every unsafe address (javascript:, vbscript:, data:, file:,
 * blob:) replaced, wherever it sits: a resource link, an embedded resource's uri, or any string
 * of its structured content. Inline images stay: they are bytes with a type, not addresses.
 * Returns a new value; the input is not changed.
 */
export function neutraliseUrls<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === "string") return isUnsafeUrl(value) ? removedUrlText : value;
  if (Array.isArray(value)) return value.map(walk);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
  }
  return value;
}
