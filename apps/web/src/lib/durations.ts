/** Duration and uptime formats of core spec §9. */

/** A duration: under 1 s in ms; under 60 s in seconds (one decimal below 10 s); then m s; then h m. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`Invalid duration: ${ms}`);
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = ms / 1000;
  if (seconds < 10) return `${(Math.floor(seconds * 10) / 10).toFixed(1)}s`;
  if (seconds < 60) return `${Math.floor(seconds)}s`;
  const totalMinutes = Math.floor(seconds / 60);
  if (totalMinutes < 60) return `${totalMinutes}m ${Math.floor(seconds % 60)}s`;
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}

/** An uptime: minutes; hours and minutes; days and hours above 24 h. */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`Invalid uptime: ${seconds}`);
  const totalMinutes = Math.floor(seconds / 60);
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 1) return `${totalMinutes}m`;
  if (totalHours < 24) return `${totalHours}h ${totalMinutes % 60}m`;
  return `${Math.floor(totalHours / 24)}d ${totalHours % 24}h`;
}

/** A tool call's duration in ms, s or m. */
export function formatToolDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`Invalid duration: ${ms}`);
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${(ms / 60_000).toFixed(1)}m`;
}

/** The milliseconds between two timestamps, or undefined when either is missing or invalid. */
export function durationBetween(
  start: string | undefined,
  end: string | undefined,
): number | undefined {
  if (!start || !end) return undefined;
  const ms = Date.parse(end) - Date.parse(start);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** Task and artifact ids are shown as their first 8 characters (core spec §9). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
