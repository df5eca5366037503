import { createHash } from "node:crypto";

/** JSON with object keys sorted at every depth, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
}

/** Hex characters kept of the sha256: 128 bits, plenty to tell calls of one task apart. */
const fingerprintLength = 32;

/**
 * The fingerprint of a tool call (core spec §4): the same tool of the same server with the same
 * input, whatever its key order, gives the same fingerprint, so a re-run replaces its artifact.
 */
export function toolCallFingerprint(serverName: string, toolName: string, input: unknown): string {
  const text = canonicalJson({ server: serverName, tool: toolName, input: input ?? {} });
  return createHash("sha256").update(text).digest("hex").slice(0, fingerprintLength);
}
