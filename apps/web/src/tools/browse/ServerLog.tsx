import { useId } from "react";
import { type LogLevel, logLevels } from "../../api/mcp-watch-api.js";

/** One log message a server sent (notifications/message). */
export interface LogLine {
  id: number;
  level: string;
  logger?: string | undefined;
  text: string;
  at: number;
}

/** How many log lines are kept per server. */
export const maxLogLines = 200;

/** Texts of a server's log. */
export const serverLogTexts = {
  heading: "Log",
  level: "Level",
  empty: "No messages yet.",
} as const;

/** The text of a log message's data (a string as it is, anything else as JSON). */
export function logText(data: unknown): string {
  return typeof data === "string" ? data : JSON.stringify(data);
}

/** A server's log: the level the server is asked to send from, and the messages it sent. */
export function ServerLog({
  serverName,
  level,
  onLevel,
  lines,
  error,
}: {
  serverName: string;
  level: LogLevel;
  onLevel: (level: LogLevel) => void;
  lines: readonly LogLine[];
  error: string | null;
}) {
  const selectId = useId();
  return (
    <details className="px-3 pb-2 text-xs">
      <summary className="cursor-pointer text-neutral-400">
        {serverLogTexts.heading} ({lines.length})
      </summary>
      <label htmlFor={selectId} className="mr-1 text-neutral-400">
        {serverLogTexts.level}
      </label>
      <select
        id={selectId}
        value={level}
        onChange={(event) => onLevel(event.target.value as LogLevel)}
        className="my-1 rounded border border-border bg-neutral-900 px-1 text-neutral-100"
      >
        {logLevels.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </select>
      {error ? <p className="text-red-300">{error}</p> : null}
      <ol aria-label={`Log of ${serverName}`} className="max-h-48 space-y-0.5 overflow-auto">
        {lines.length === 0 ? <li className="text-neutral-500">{serverLogTexts.empty}</li> : null}
        {lines.map((line) => (
          <li key={line.id} className="font-mono [overflow-wrap:anywhere]">
            <span className="text-neutral-500">{new Date(line.at).toLocaleTimeString()} </span>
            <span className="text-amber-300">{line.level}</span>
            {line.logger ? <span className="text-neutral-400"> {line.logger}</span> : null}
            <span className="text-neutral-200"> {line.text}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
