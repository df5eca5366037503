/**
 * Request headers that may follow a redirect to another origin. Everything else is dropped:
 * the headers a user stores for an agent or tool server can carry a secret under any name
 * (`X-Secret`, `Api-Auth`...), so a deny list of names that look like credentials would let
 * some through. What is kept describes the request, never who makes it.
 */
const keptAcrossOrigins = new Set([
  "accept",
  "accept-encoding",
  "accept-language",
  "content-type",
  "content-language",
  "user-agent",
  "cache-control",
  "last-event-id",
  "a2a-version",
  "a2a-extensions",
  "x-a2a-extensions",
  "mcp-protocol-version",
]);

/** The headers (lower-case names) a request keeps when a redirect sends it to another origin. */
export function headersForOtherOrigin(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => keptAcrossOrigins.has(name.toLowerCase())),
  );
}
