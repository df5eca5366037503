/** Levels of a JSON tree open at first. */
export const jsonExpandedLevels = 2;
/** Children shown before a 'Show all' button, so huge arrays stay quick to open. */
export const jsonChildLimit = 100;

/** The children of an object or array as [key, value] pairs; none for other values. */
export function jsonEntries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, i) => [String(i), item]);
  if (typeof value === "object" && value !== null) return Object.entries(value);
  return [];
}

/** Whether the value has children to collapse. */
export function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** A collapsed container's summary: '[3 items]' or '{2 keys}'. */
export function containerSummary(value: object): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? "item" : "items"}]`;
  const n = Object.keys(value).length;
  return `{${n} ${n === 1 ? "key" : "keys"}}`;
}

/** A leaf value as JSON text (strings quoted). */
export function leafText(value: unknown): string {
  if (value === undefined) return "undefined";
  return JSON.stringify(value) ?? String(value);
}

/** The Tailwind colour of a leaf by its JSON kind. */
export function leafColor(value: unknown): string {
  if (typeof value === "string") return "text-green-300";
  if (typeof value === "number") return "text-blue-300";
  if (typeof value === "boolean") return "text-primary-300";
  return "text-neutral-500";
}
