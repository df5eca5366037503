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
  "rounded px-2 py-0.5 text-xs text-neutral-400 hover:bg-neutral-500/20 hover:text-neutral-200 disabled:opacity-40";

/**
 * '‹ 2 / 3 ›' when the message has sibling branches, then Edit (your messages) or Regenerate
 * (an agent's reply), and Fork, for messages whose task the server stored.
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
          onClick={() => actions.onEditing(message.id)}
        >
          Edit
        </button>
      )}
      {canBranch && regenerable && (
        <button
          type="button"
          className={action}
          disabled={busy}
          onClick={() => actions.onRegenerate(message)}
        >
          Regenerate
        </button>
      )}
      {canBranch && (
        <button
          type="button"
          className={action}
          title="Copy the conversation up to here into a new conversation"
          onClick={() => actions.onFork(message)}
        >
          Fork
        </button>
      )}
    </div>
  );
}
