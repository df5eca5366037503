import { useEffect, useMemo, useState } from "react";
import { useAccountModal } from "../accounts/account-modal-store.js";
import type { Agent } from "../api/agent-types.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useBranchStore } from "../stores/branch-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { forkFrom, loadLeaf, sendAsBranch, switchBranch } from "./engine/branch-actions.js";
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
  const leafKnown = useBranchStore((state) => contextId in state.leafByContext);
  // Only a conversation the list holds (not one still being made, or a remembered one gone).
  const listed = useContextsStore(
    (state) => state.hasReceivedSnapshot && state.conversations.some((c) => c.id === contextId),
  );
  useEffect(() => {
    if (listed && !leafKnown) void loadLeaf(contextId);
  }, [contextId, listed, leafKnown]);
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
        const taskId = message.taskId;
        if (!taskId) return;
        // A fork is a second conversation, and only accounts have more than one (the
        // conversations menu needs an account, tools-passkeys-website.md §2): a visitor signs in
        // first, then the fork is made (their conversation is the account's by then).
        if (!useAuthStore.getState().isAuthenticated) {
          useAccountModal
            .getState()
            .openSignIn({ onSignedIn: () => void forkFrom(contextId, taskId) });
          return;
        }
        void forkFrom(contextId, taskId);
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
