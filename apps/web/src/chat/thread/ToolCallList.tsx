import type { ToolCall } from "../model/chat-types.js";
import { useHighlightedIds } from "./useHighlightedIds.js";

function statusOf(call: ToolCall, ended: boolean): { text: string; className: string } {
  // A call without a result in a reply that ended will never get one (older tasks lack the mark).
  if (call.cancelled || (!call.result && ended))
    return { text: "Cancelled", className: "text-neutral-400" };
  if (!call.result) return { text: "Running", className: "text-primary-300" };
  if (call.result.is_error) return { text: "Failed", className: "text-red-300" };
  return { text: "Done", className: "text-green-300" };
}

/** The tool calls of a message; a call that just appeared is highlighted for 2 s. */
export function ToolCallList({
  toolCalls,
  ended = false,
  onOpen,
}: {
  toolCalls: ToolCall[];
  /** The reply's task ended: calls still without a result were cancelled. */
  ended?: boolean;
  /** Opens the tool-result view for a call; without it the calls are plain text. */
  onOpen?: (call: ToolCall) => void;
}) {
  const highlighted = useHighlightedIds(toolCalls.map((call) => call.id));
  if (toolCalls.length === 0) return null;
  return (
    <ul aria-label="Tool calls" className="flex flex-wrap gap-2">
      {toolCalls.map((call) => {
        const status = statusOf(call, ended);
        const isNew = highlighted.has(call.id);
        const content = (
          <>
            <span aria-hidden="true">⚙</span>
            <span className="font-mono">{call.name}</span>{" "}
            <span className={status.className}>{status.text}</span>
          </>
        );
        return (
          <li
            key={call.id}
            data-highlighted={isNew || undefined}
            className={`rounded-md border text-xs transition-colors duration-500 ${
              isNew
                ? "border-primary-400 bg-primary-500/20 ring-1 ring-primary-400"
                : "border-border bg-surface-raised"
            }`}
          >
            {onOpen ? (
              <button
                type="button"
                onClick={() => onOpen(call)}
                className="flex items-center gap-1.5 px-2 py-1 text-neutral-200 hover:text-neutral-50"
              >
                {content}
              </button>
            ) : (
              <span className="flex items-center gap-1.5 px-2 py-1 text-neutral-200">
                {content}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
