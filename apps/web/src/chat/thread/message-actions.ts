import type { ChatMessage } from "../model/chat-types.js";

/** What the thread lets a person do with a message beyond reading it. */
export interface MessageActions {
  /** Shows the branch through a task (the switcher's arrows). */
  onSwitchBranch: (taskId: string) => void;
  /** Opens (a message's id) or closes (null) the edit form of a sent message. */
  onEditing: (messageId: string | null) => void;
  /** Sends an edited message as a new branch; resolves false when it was not sent. */
  onEdit: (message: ChatMessage, text: string) => Promise<boolean>;
  /** Asks the agent again for a reply to the same message, as a new branch. */
  onRegenerate: (reply: ChatMessage) => void;
  /** Copies the conversation up to this message into a new conversation. */
  onFork: (message: ChatMessage) => void;
  /** Whether a message can be edited, regenerated or forked from (it has a stored task). */
  canBranch: (message: ChatMessage) => boolean;
}
