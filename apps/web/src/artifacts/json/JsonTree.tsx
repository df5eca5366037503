import { useState } from "react";
import {
  containerSummary,
  isContainer,
  jsonChildLimit,
  jsonEntries,
  jsonExpandedLevels,
  leafColor,
  leafText,
} from "./json-tree.js";

function JsonNode({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth < jsonExpandedLevels);
  const [showAll, setShowAll] = useState(false);
  const key = name === null ? null : <span className="text-neutral-300">{name}: </span>;
  if (!isContainer(value)) {
    return (
      <li className="pl-4">
        {key}
        <span className={`break-all ${leafColor(value)}`}>{leafText(value)}</span>
      </li>
    );
  }
  const entries = jsonEntries(value);
  const shown = showAll ? entries : entries.slice(0, jsonChildLimit);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="rounded text-left hover:bg-neutral-800"
      >
        <span aria-hidden="true" className="inline-block w-4 text-neutral-500">
          {open ? "▾" : "▸"}
        </span>
        {key}
        <span className="text-neutral-500">{containerSummary(value)}</span>
      </button>
      {open ? (
        <ul className="ml-2 border-l border-border pl-2">
          {shown.map(([childKey, child]) => (
            <JsonNode key={childKey} name={childKey} value={child} depth={depth + 1} />
          ))}
          {shown.length < entries.length ? (
            <li className="pl-4">
              <button
                type="button"
                onClick={() => setShowAll(true)}
                className="text-primary-400 hover:underline"
              >
                Show all {entries.length}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

/** JSON as a collapsible tree: the first levels open, long lists cut short until asked. */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul aria-label={label} className="overflow-x-auto font-mono text-xs leading-5">
      <JsonNode name={null} value={value} depth={0} />
    </ul>
  );
}
