import type { Task } from "@a2a-chat/contracts";
import { shortId } from "../lib/durations.js";
import { TaskStatusBadge } from "./TaskStatusBadge.js";
import type { TaskRow } from "./task-row.js";

/** What a row can ask the view to do. */
export interface TaskRowActions {
  onDetails: (taskId: string) => void;
  onOpenConversation: (contextId: string) => void;
  onRespond: (taskId: string) => void;
  onAuthorize: (taskId: string) => void;
}

/** The number of columns of the task table. */
export const taskColumnCount = 10;

/**
 * Below this container width the ten columns do not fit side by side: each row becomes a card
 * whose cells wrap onto lines, each cell labelled with its column's name (from data-label). Every
 * column stays visible at every width; nothing hides under another column.
 */
// The class names are spelled out in full below so Tailwind finds them.
const cell =
  "px-1.5 py-2 align-middle @max-[54rem]:block @max-[54rem]:p-0 @max-[54rem]:before:block @max-[54rem]:before:text-xs @max-[54rem]:before:text-neutral-500 @max-[54rem]:before:content-[attr(data-label)]";

/** A table row, or a card in the narrow layout. */
export const rowClass =
  "border-b border-border hover:bg-neutral-900/60 @max-[54rem]:grid @max-[54rem]:grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] @max-[54rem]:gap-x-4 @max-[54rem]:gap-y-2 @max-[54rem]:rounded-lg @max-[54rem]:border @max-[54rem]:p-3";

/** The Actions cell: the last one, the whole width of a card in the narrow layout. */
const actionsCell = "@max-[54rem]:col-span-full @max-[54rem]:before:hidden";

const action =
  "rounded border border-border px-2 py-1 text-xs font-medium transition-colors duration-150 hover:bg-neutral-800";
const primaryAction =
  "rounded bg-primary-500 px-2 py-1 text-xs font-medium text-neutral-950 transition-colors duration-150 hover:bg-primary-400";

/** One task of the table, with Respond or Authorize when the task waits for the user. */
export function TaskTableRow({ row, actions }: { row: TaskRow; actions: TaskRowActions }) {
  return (
    <tr className={rowClass}>
      <td className={cell} data-label="Status">
        <TaskStatusBadge state={row.state} wrap />
      </td>
      <td className={`${cell} whitespace-nowrap`} data-label="Agent">
        {row.agent}
      </td>
      <td className={cell} data-label="MCP Server">
        {row.mcpServer ?? "—"}
      </td>
      <td className={`${cell} min-w-0`} data-label="Conversation">
        <button
          type="button"
          onClick={() => actions.onOpenConversation(row.contextId)}
          className="block max-w-32 truncate text-left @max-[54rem]:max-w-full text-primary-300 underline-offset-2 hover:underline"
        >
          {row.conversationName}
        </button>
      </td>
      <td
        className={`${cell} whitespace-nowrap font-mono before:font-sans`}
        data-label="Task ID"
        title={row.id}
      >
        {row.shortId}
      </td>
      <td className={`${cell} text-right tabular-nums @max-[54rem]:text-left`} data-label="Msgs">
        {row.messageCount}
      </td>
      <td className={`${cell} text-right tabular-nums @max-[54rem]:text-left`} data-label="Arts">
        {row.artifactCount}
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums`} data-label="Duration">
        {row.duration ?? "—"}
      </td>
      <td className={`${cell} tabular-nums`} data-label="Timestamp">
        {/* Date and time on two lines in the table: the widest column otherwise. */}
        <span className="whitespace-nowrap">{row.timestampDate}</span>{" "}
        <span className="whitespace-nowrap">{row.timestampTime}</span>
      </td>
      <td className={`${cell} ${actionsCell}`} data-label="Actions">
        <div className="flex flex-wrap gap-2">
          <button type="button" className={action} onClick={() => actions.onDetails(row.id)}>
            Details
          </button>
          {row.state === "input-required" && (
            <button
              type="button"
              className={primaryAction}
              onClick={() => actions.onRespond(row.id)}
            >
              Respond
            </button>
          )}
          {row.state === "auth-required" && (
            <button
              type="button"
              className={primaryAction}
              onClick={() => actions.onAuthorize(row.id)}
            >
              Authorize
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** A task the table cannot show (bad timestamps): its id and the reason, not a crash. */
export function TaskErrorRow({
  task,
  error,
  onDetails,
}: {
  task: Task;
  error: string;
  onDetails: (taskId: string) => void;
}) {
  return (
    <tr className={`${rowClass} bg-red-500/5`}>
      <td
        colSpan={taskColumnCount - 1}
        className={`${cell} text-red-300 @max-[54rem]:col-span-full @max-[54rem]:before:hidden`}
      >
        Cannot show task <span className="font-mono">{shortId(task.id)}</span>: {error}
      </td>
      <td className={`${cell} ${actionsCell}`}>
        <button
          type="button"
          className="rounded border border-border px-2 py-1 text-xs font-medium transition-colors duration-150 hover:bg-neutral-800"
          onClick={() => onDetails(task.id)}
        >
          Details
        </button>
      </td>
    </tr>
  );
}
