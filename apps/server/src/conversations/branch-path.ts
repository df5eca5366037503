import type { ConversationExport, ExportedMessage } from "@a2a-chat/contracts";

/** The messages of a conversation's chosen branch, and whether the conversation has others. */
export interface BranchMessages {
  messages: ExportedMessage[];
  /** The ids of the tasks on the branch. */
  tasks: Set<string>;
  /** True when some task is off the chosen branch (or cut short by a fork inside it). */
  otherBranches: boolean;
}

/**
 * The messages on the branch an export's conversation shows (pure): the tasks from the root to
 * the leaf, each task cut before the message where the next task on the way forks inside it,
 * and messages of no task. An export that names no leaf (an older file) is one branch: all of it.
 */
export function branchMessages(doc: ConversationExport): BranchMessages {
  const leaf = doc.conversation.leaf_task_id;
  if (leaf === undefined) {
    return {
      messages: doc.messages,
      tasks: new Set(doc.tasks.map((t) => t.id)),
      otherBranches: false,
    };
  }
  const byId = new Map(doc.tasks.map((task) => [task.id, task]));
  // Each task on the path, with the message it stops before (null: it shows whole).
  const cutOf = new Map<string, string | null>();
  let child: string | null = null;
  for (let at = leaf; at !== null && !cutOf.has(at); ) {
    const task = byId.get(at);
    if (!task) break;
    cutOf.set(at, child === null ? null : (byId.get(child)?.branch_message_id ?? null));
    child = at;
    at = task.parent_task_id ?? null;
  }
  const stopped = new Set<string>();
  let cutShort = false;
  const messages = doc.messages.filter((message) => {
    if (message.task_id === null) return true;
    if (!cutOf.has(message.task_id) || stopped.has(message.task_id)) return false;
    if (cutOf.get(message.task_id) === message.id) {
      stopped.add(message.task_id);
      cutShort = true;
      return false;
    }
    return true;
  });
  return {
    messages,
    tasks: new Set(cutOf.keys()),
    otherBranches: cutShort || cutOf.size < doc.tasks.length,
  };
}
