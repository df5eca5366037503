import type { StatusLine } from "../model/chat-types.js";

/**
 * An agent's status messages of one reply, each a line of its own (never joined into one text);
 * while the reply works, the latest is marked as its progress line. Long lists scroll.
 */
export function StatusLines({ lines, working }: { lines: StatusLine[]; working: boolean }) {
  if (lines.length === 0) return null;
  return (
    <ol
      aria-label="Status updates"
      className="flex max-h-40 flex-col gap-0.5 overflow-y-auto border-l-2 border-border pl-3 text-sm text-neutral-400"
    >
      {lines.map((line, index) => {
        const current = working && index === lines.length - 1;
        return (
          <li
            key={line.id}
            aria-current={current ? "step" : undefined}
            className={`whitespace-pre-wrap break-words ${current ? "text-neutral-100" : ""}`}
          >
            {current && (
              <span
                aria-hidden="true"
                className="mr-2 inline-block h-2 w-2 animate-pulse rounded-full bg-primary-400"
              />
            )}
            {line.text}
          </li>
        );
      })}
    </ol>
  );
}
