import { useState } from "react";
import { isSimpleValue } from "./simple-values.js";

/** Levels of a tree open at first; deeper ones start collapsed (like the tree viewer's default). */
const defaultOpenDepth = 2;

function valueText(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === undefined) return "undefined";
  return String(value);
}

function valueColour(value: unknown): string {
  if (typeof value === "string") return "text-green-300";
  if (typeof value === "number") return "text-sky-300";
  if (typeof value === "boolean") return "text-primary-300";
  return "text-neutral-500";
}

function JsonNode({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth < defaultOpenDepth);
  const label = name !== undefined && <span className="text-neutral-300">{name}: </span>;
  if (isSimpleValue(value) || typeof value !== "object") {
    return (
      <li className="pl-4">
        {label}
        <span className={valueColour(value)}>{valueText(value)}</span>
      </li>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="rounded px-0.5 text-left hover:bg-neutral-800"
      >
        <span aria-hidden="true" className="inline-block w-3.5 text-neutral-500">
          {open ? "▾" : "▸"}
        </span>
        {label}
        <span className="text-neutral-500">{summary}</span>
      </button>
      {open && (
        <ul className="ml-2 border-l border-border pl-2">
          {entries.map(([key, item]) => (
            <JsonNode key={key} name={key} value={item} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A JSON value as a tree whose objects and arrays expand and collapse on click. */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul aria-label={label} className="font-mono text-xs leading-relaxed">
      <JsonNode value={value} depth={0} />
    </ul>
  );
}
