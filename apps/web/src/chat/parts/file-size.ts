const units = ["B", "KB", "MB", "GB"] as const;

/**
 * A byte count for people (core spec §9): B, KB, MB or GB (powers of 1024) with 2 decimals;
 * whole bytes need none.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(2)} ${units[unit]}`;
}

/** The decoded size of base64 data, estimated at 75% of the string's length (core spec §9). */
export function base64Size(base64: string): number {
  return Math.floor(base64.length * 0.75);
}
