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

const cell = "whitespace-nowrap px-2 py-2 align-middle";

/**
 * The Actions column stays at the right edge while the table scrolls sideways: the ten columns
 * are wider than the centre column of a laptop screen, and Respond or Authorize must not hide
 * off-screen. Opaque so the scrolled cells pass under it.
 */
export const stickyActionsClass = "sticky right-0 bg-surface";
const action =
  "rounded border border-border px-2 py-1 text-xs font-medium transition-colors duration-150 hover:bg-neutral-800";
const primaryAction =
  "rounded bg-primary-500 px-2 py-1 text-xs font-medium text-neutral-950 transition-colors duration-150 hover:bg-primary-400";

/** One task of the table, with Respond or Authorize when the task waits for the user. */
export function TaskTableRow({ row, actions }: { row: TaskRow; actions: TaskRowActions }) {
  return (
    <tr className="border-b border-border hover:bg-neutral-900/60">
      <td className={cell}>
        <TaskStatusBadge state={row.state} />
      </td>
      <td className={cell}>{row.agent}</td>
      <td className={cell}>{row.mcpServer ?? "—"}</td>
      <td className={cell}>
        <button
          type="button"
          onClick={() => actions.onOpenConversation(row.contextId)}
          className="max-w-40 truncate text-primary-300 underline-offset-2 hover:underline"
        >
          {row.conversationName}
        </button>
      </td>
      <td className={`${cell} font-mono`} title={row.id}>
        {row.shortId}
      </td>
      <td className={`${cell} text-right tabular-nums`}>{row.messageCount}</td>
      <td className={`${cell} text-right tabular-nums`}>{row.artifactCount}</td>
      <td className={`${cell} tabular-nums`}>{row.duration ?? "—"}</td>
      <td className={`${cell} tabular-nums`}>{row.timestamp}</td>
      <td className={`${cell} ${stickyActionsClass}`}>
        <div className="flex gap-2">
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
    <tr className="border-b border-border bg-red-500/5">
      <td colSpan={taskColumnCount - 1} className={`${cell} text-red-300`}>
        Cannot show task <span className="font-mono">{shortId(task.id)}</span>: {error}
      </td>
      <td className={`${cell} ${stickyActionsClass}`}>
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
