/** A value shown as-is in a key/value table: string, number, boolean or null. */
export type SimpleValue = string | number | boolean | null;

/** Whether a value is simple (string, number, boolean or null). */
export function isSimpleValue(value: unknown): value is SimpleValue {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  );
}

/** Whether every value of an object is simple, so it fits a key/value table (core spec §2.3). */
export function hasOnlySimpleValues(data: Record<string, unknown>): boolean {
  return Object.values(data).every(isSimpleValue);
}
