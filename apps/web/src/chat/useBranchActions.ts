import { useMemo, useState } from "react";
import type { Agent } from "../api/agent-types.js";
import { forkFrom, sendAsBranch, switchBranch } from "./engine/branch-actions.js";
import type { BranchView } from "./engine/branch-view.js";
import { useChatStore } from "./engine/chat-store.js";
import { filesOf, textOf } from "./engine/sent-message.js";
import type { ChatMessage } from "./model/chat-types.js";
import type { MessageActions } from "./thread/message-actions.js";
import { agentNamed } from "./useConversationLifecycle.js";

/** The agent that answered a task (a regeneration asks it again), else the selected one. */
function agentOf(taskId: string, selected: Agent | null | undefined): Agent | null | undefined {
  const name = useChatStore.getState().tasksById[taskId]?.metadata.agent_name;
  return (name && agentNamed(name)) || selected;
}

/**
 * The thread's branch actions for one conversation: switch, edit (with which message's form is
 * open), regenerate and fork, on the branch the view shows.
 */
export function useBranchActions(
  contextId: string,
  agent: Agent | null | undefined,
  view: BranchView,
): { actions: MessageActions; editingId: string | null } {
  const [editingId, setEditingId] = useState<string | null>(null);
  const actions = useMemo<MessageActions>(() => {
    const parentOf = (message: ChatMessage) =>
      message.taskId === undefined ? undefined : view.parentOf[message.taskId];
    const questionOf = (reply: ChatMessage) =>
      view.messages.find((m) => m.taskId === reply.taskId && m.role === "user");
    return {
      onSwitchBranch: (taskId) => void switchBranch(contextId, taskId),
      onEditing: setEditingId,
      onEdit: async (message, text) => {
        const parent = parentOf(message);
        if (parent === undefined || !message.taskId) return false;
        const files = filesOf(message);
        return sendAsBranch(agentOf(message.taskId, agent), contextId, parent, text, files);
      },
      onRegenerate: (reply) => {
        const question = questionOf(reply);
        const parent = parentOf(reply);
        if (!question || parent === undefined || !reply.taskId) return;
        const files = filesOf(question);
        const to = agentOf(reply.taskId, agent);
        void sendAsBranch(to, contextId, parent, textOf(question), files);
      },
      onFork: (message) => {
        if (message.taskId) void forkFrom(contextId, message.taskId);
      },
      canBranch: (message) =>
        message.taskId !== undefined &&
        message.taskId in view.parentOf &&
        (message.role === "assistant" ||
          view.messages.find((m) => m.taskId === message.taskId && m.role === "user")?.id ===
            message.id),
    };
  }, [contextId, agent, view]);
  return { actions, editingId };
}
