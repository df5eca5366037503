import type { BranchPlace } from "../engine/branch-view.js";
import type { ChatMessage } from "../model/chat-types.js";
import { BranchSwitcher } from "./BranchSwitcher.js";
import type { MessageActions } from "./message-actions.js";

/** Props of the row under a message: its branch switcher and what can be done with it. */
export interface MessageToolbarProps {
  message: ChatMessage;
  branch?: BranchPlace;
  actions: MessageActions;
  /** A reply is being written in the conversation: nothing can branch until it ends. */
  busy: boolean;
}

const action =
  "rounded p-1 text-neutral-400 hover:bg-neutral-500/20 hover:text-neutral-200 disabled:opacity-40";

/** A 16 px stroked icon (the buttons are named by their aria-label and title, not by text). */
function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

const pencil = "M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4z M13.5 6.5l4 4";
const again = "M20 11a8 8 0 1 0-2.3 5.7 M20 4v7h-7";
const fork = "M6 3v18 M18 3v4a6 6 0 0 1-6 6H6";

/**
 * '‹ 2 / 3 ›' when the message has sibling branches, then Edit (your messages) or Regenerate
 * (an agent's reply), and Fork, for messages whose task the server stored. The actions are icons
 * (named by aria-label and title), so a message's text stays its own.
 */
export function MessageToolbar({ message, branch, actions, busy }: MessageToolbarProps) {
  const canBranch = actions.canBranch(message);
  if (!branch && !canBranch) return null;
  const isUser = message.role === "user";
  const regenerable = !isUser && message.task?.metadata.task_type === "agent_message";
  return (
    <div className={`flex flex-wrap items-center gap-1 ${isUser ? "justify-end" : ""}`}>
      {branch && <BranchSwitcher place={branch} onSwitch={actions.onSwitchBranch} />}
      {canBranch && isUser && (
        <button
          type="button"
          className={action}
          disabled={busy}
          aria-label="Edit"
          title="Edit: send a changed message as a new branch"
          onClick={() => actions.onEditing(message.id)}
        >
          <Icon d={pencil} />
        </button>
      )}
      {canBranch && regenerable && (
        <button
          type="button"
          className={action}
          disabled={busy}
          aria-label="Regenerate"
          title="Regenerate: ask again for a new reply, kept beside this one"
          onClick={() => actions.onRegenerate(message)}
        >
          <Icon d={again} />
        </button>
      )}
      {canBranch && (
        <button
          type="button"
          className={action}
          aria-label="Fork"
          title="Fork: copy the conversation up to here into a new conversation"
          onClick={() => actions.onFork(message)}
        >
          <Icon d={fork} />
        </button>
      )}
    </div>
  );
}
