import { format } from "date-fns";

/** Cell types a table's rendering_hints.column_types may name (core spec §5). */
export type ColumnType = "currency" | "percentage" | "datetime" | "integer" | "badge" | "link";

const columnTypes: readonly string[] = [
  "currency",
  "percentage",
  "datetime",
  "integer",
  "badge",
  "link",
];

/** Whether a value names a known cell type. */
export function isColumnType(value: unknown): value is ColumnType {
  return typeof value === "string" && columnTypes.includes(value);
}

/** Core spec §5: datetimes read like 'Jan 5, 2024 2:30 PM'. */
export const datetimeFormat = "MMM d, yyyy h:mm a";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A number from a number or a numeric string; undefined otherwise. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

const plain = (value: unknown): string =>
  value === null || value === undefined ? "" : String(value);

/** US dollars, e.g. $1,234.50; non-numbers are shown as they are. */
export function formatCurrency(value: unknown): string {
  const n = numericValue(value);
  return n === undefined ? plain(value) : usd.format(n);
}

/** One decimal and a percent sign, e.g. 12.5%; the value is already a percentage. */
export function formatPercentage(value: unknown): string {
  const n = numericValue(value);
  return n === undefined ? plain(value) : `${n.toFixed(1)}%`;
}

/** A date and time like 'Jan 5, 2024 2:30 PM' in local time; unreadable values as they are. */
export function formatDatetime(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return plain(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? plain(value) : format(date, datetimeFormat);
}

/** Floored and grouped, e.g. 1,234. */
export function formatInteger(value: unknown): string {
  const n = numericValue(value);
  return n === undefined ? plain(value) : grouped.format(Math.floor(n));
}

/** A link target that is safe to open: http(s) or mailto only, so agent data cannot run script. */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  try {
    const url = new URL(value.trim());
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The text of a cell of a formatted (non-badge, non-link) type, or of an untyped cell. */
export function formatCell(value: unknown, type: ColumnType | undefined): string {
  switch (type) {
    case "currency":
      return formatCurrency(value);
    case "percentage":
      return formatPercentage(value);
    case "datetime":
      return formatDatetime(value);
    case "integer":
      return formatInteger(value);
    default:
      if (value === null || value === undefined) return "";
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}
