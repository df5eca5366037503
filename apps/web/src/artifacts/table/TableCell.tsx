import { badgeClasses } from "../shared/badge-color.js";
import { type ColumnType, formatCell, safeHref } from "./table-format.js";

const numericTypes: readonly (ColumnType | undefined)[] = ["currency", "percentage", "integer"];

/** One table cell, rendered by its column type (core spec §5 cell types). */
export function TableCell({ value, type }: { value: unknown; type: ColumnType | undefined }) {
  if (type === "badge") {
    const text = formatCell(value, undefined);
    return (
      <td className="px-3 py-2">
        {text === "" ? null : (
          <span
            className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeClasses(value)}`}
          >
            {text}
          </span>
        )}
      </td>
    );
  }
  if (type === "link") {
    const href = safeHref(value);
    return (
      <td className="px-3 py-2">
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary-400 underline-offset-2 hover:underline"
          >
            View
          </a>
        ) : (
          formatCell(value, undefined)
        )}
      </td>
    );
  }
  const align = numericTypes.includes(type) || typeof value === "number" ? "text-right" : "";
  return <td className={`px-3 py-2 tabular-nums ${align}`}>{formatCell(value, type)}</td>;
}
