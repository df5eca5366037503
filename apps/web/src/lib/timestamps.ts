/** Timestamps of tasks and artifacts as the UI reads and shows them (core spec §4, §9). */

const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Milliseconds since the epoch of a server timestamp, or NaN when it is not one. A timestamp
 * without a 'T' (SQL style, "2025-01-01 10:00:00") is treated as UTC: the browser would otherwise
 * read it as local time (core spec §4).
 */
export function parseTimestamp(value: string | undefined | null): number {
  if (typeof value !== "string" || value.trim() === "") return Number.NaN;
  const text = value.trim();
  if (text.includes("T")) return Date.parse(text);
  const [date, time] = text.split(/\s+/, 2);
  if (!time) return Date.parse(`${date}T00:00:00Z`);
  return Date.parse(`${date}T${time}${hasZone.test(time) ? "" : "Z"}`);
}

/** A point in time as the task and artifact lists show it (US month, day, 2-digit h:m:s). */
export function formatTimestamp(ms: number, timeZone?: string): string {
  return new Date(ms).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  });
}
